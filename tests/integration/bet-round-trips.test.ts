// A bet's round trips to DynamoDB, counted (issue 23 §1): the create-new handler, run in this process as
// the local gateway runs it, against the run's cloud, with every DynamoDB request it sends recorded. Four
// on the path of a bet that is accepted, each one the close protocol needs (docs/architecture.md):
// the session, the event and the team in one BatchGetItem; the bettor's transaction; the event read again;
// the acceptance. A session ended after its token was signed is still refused, and nothing is written.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, API_BASE_PATH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { invoke, type LambdaHandler } from '../../infra/local/handlers.ts';
import * as fixture from '../../scripts/bench/bettors.ts';
import type { Bettor } from '../../scripts/bench/bettors.ts';
import { recordedDomain } from '../helpers/dynamodb-requests.ts';
import { createEvent, operatorClient } from './game-flows.ts';

const PATH = `${API_BASE_PATH}/bet/create-new`;
let handler: LambdaHandler;
let domain: fixture.Domain;
let recorded: Awaited<ReturnType<typeof recordedDomain>>['recorded'];

beforeAll(async () => {
  ({ domain, recorded } = await recordedDomain());
  handler = ((await import('#functions/betting/handlers/create-new.ts')) as { handler: LambdaHandler }).handler;
});

/** A bet sent to the handler as the gateway would pass it: the status, the message, and the requests it made. */
async function bet(bettor: Bettor, eventId: string, teamId: string) {
  const event = {
    version: '2.0',
    routeKey: `POST ${PATH}`,
    rawPath: PATH,
    rawQueryString: '',
    cookies: [bettor.cookie],
    headers: { 'content-type': 'application/json', origin: process.env.APP_ORIGIN },
    requestContext: { http: { method: 'POST', path: PATH, sourceIp: '127.0.0.1', userAgent: 'test' }, requestId: randomUUID(), routeKey: `POST ${PATH}` },
    body: JSON.stringify({ eventId, teamId, betWay: 'coin', amount: 100 }),
    isBase64Encoded: false,
  };
  const { value: answer, sent } = await recorded(async () => (await invoke(handler, event, 'betting/handlers/create-new')) as { statusCode: number; body: string });
  return { status: answer.statusCode, message: (JSON.parse(answer.body) as { message: string }).message, sent };
}

describe("a bet's round trips to DynamoDB", () => {
  it('are four when it is accepted: session, event and team together; the transaction; the event again; the acceptance', async () => {
    const { event } = await createEvent(await operatorClient());
    const [bettor] = await fixture.createBettors(domain, 1);
    const placed = await bet(bettor, event._id, event.teamIds[0] ?? '');
    expect(placed.status, placed.message).toBe(201);
    expect(placed.sent).toEqual(['BatchGetItem', 'TransactWriteItems', 'GetItem', 'UpdateItem']);
    expect((await domain.bets.getBet(bettor.userId, event._id))?.acceptedAt).toEqual(expect.any(String));
  });

  it('refuses a session ended after its token was signed (401), in that first read, writing nothing', async () => {
    const { event } = await createEvent(await operatorClient());
    const [bettor] = await fixture.createBettors(domain, 1);
    // Logged out: the session is gone, its access token still signed and unexpired.
    await domain.sessions.endSession(bettor.cookie.slice(`${ACCESS_COOKIE}=`.length));
    const refused = await bet(bettor, event._id, event.teamIds[0] ?? '');
    expect(refused).toEqual({ status: 401, message: MSG.unauthorized, sent: ['BatchGetItem'] });
    expect(await domain.bets.getBet(bettor.userId, event._id)).toBeUndefined();
  });
});
