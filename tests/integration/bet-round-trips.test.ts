// A bet's round trips to DynamoDB, counted: the create-new handler, run in this process as the local
// gateway runs it, against the run's cloud, with every DynamoDB request it sends recorded. One on the path
// of a bet on a match the function has seen (docs/architecture.md, "A bet in one transaction"): the
// transaction with the session's and a gate's ConditionChecks; the first bet on a match in a function
// instance reads the match (its teams' names and lineup) first. A session ended after its token was
// signed is refused by that transaction, and nothing is written.
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
  it('is one, the transaction, once the function has seen the match; the first bet on it reads the match first', async () => {
    const { event } = await createEvent(await operatorClient());
    const [first, second, third] = await fixture.createBettors(domain, 3);
    const opening = await bet(first, event._id, event.teamIds[0] ?? '');
    expect(opening.status, opening.message).toBe(201);
    expect(opening.sent).toEqual(['BatchGetItem', 'TransactWriteItems']);
    for (const bettor of [second, third]) {
      const placed = await bet(bettor, event._id, event.teamIds[0] ?? '');
      expect(placed.status, placed.message).toBe(201);
      expect(placed.sent).toEqual(['TransactWriteItems']);
      expect(await domain.bets.getBet(bettor.userId, event._id)).toMatchObject({ status: 'pending', amount: 100, eventVersion: 0 });
    }
  });

  it('refuses a session ended after its token was signed (401), in that transaction, writing nothing', async () => {
    const { event } = await createEvent(await operatorClient());
    const [seen, bettor] = await fixture.createBettors(domain, 2);
    expect((await bet(seen, event._id, event.teamIds[0] ?? '')).status).toBe(201);
    // Logged out: the session is gone, its access token still signed and unexpired.
    await domain.sessions.endSession(bettor.cookie.slice(`${ACCESS_COOKIE}=`.length));
    const coinsBefore = (await domain.wallets.getWallet(bettor.userId)).coins;
    const refused = await bet(bettor, event._id, event.teamIds[0] ?? '');
    expect(refused).toEqual({ status: 401, message: MSG.unauthorized, sent: ['TransactWriteItems'] });
    expect(await domain.bets.getBet(bettor.userId, event._id)).toBeUndefined();
    expect((await domain.wallets.getWallet(bettor.userId)).coins).toBe(coinsBefore);
  });

  it('refuses precisely from the cancellation reasons: already bet, a team not in the match', async () => {
    const operator = await operatorClient();
    const [{ event }, { event: elsewhere }] = [await createEvent(operator), await createEvent(operator)];
    const [bettor, other] = await fixture.createBettors(domain, 2);
    expect((await bet(bettor, event._id, event.teamIds[0] ?? '')).status).toBe(201);
    expect(await bet(bettor, event._id, event.teamIds[0] ?? '')).toMatchObject({ status: 402, message: MSG.alreadyBet, sent: ['TransactWriteItems'] });
    expect(await bet(other, event._id, elsewhere.teamIds[0] ?? '')).toMatchObject({ status: 400, message: MSG.teamNotInEvent });
  });
});
