// The business metrics (functions/platform/metrics.ts): the handlers run here, in-process against the local
// cloud's table, gateway and queue, and what they write to stdout in CloudWatch embedded metric format
// (EMF) is read back as CloudWatch would read it: namespace, dimensions, metric name, unit and value.
// (The local cloud itself writes no metrics: it has no CloudWatch to send them to.)
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEventV2, Context, DynamoDBStreamEvent, SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type WebSocket from 'ws';
import { API_BASE_PATH, LOGIN_MAX_FAILURES } from '#shared/constants.ts';
import { METRICS_NAMESPACE, SERVICE_NAME } from '#shared/metrics.ts';
import { PUSH_DEVICE_LIMIT } from '#shared/push.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import * as fixture from '../../scripts/bench/bettors.ts';
import { localQueueUrl, PUSH_SERVICE_PREFIX, SQS_PREFIX } from '../../infra/local/env.ts';
import { baseUrl, connectWebSocket, verifiedUser } from './accounts-flows.ts';
import { waitFor } from './settlement-flows.ts';

interface Datum {
  namespace: string;
  name: string;
  unit: string;
  /** One value, or the values counted in one invocation. */
  value: number | number[];
  dimensions: Record<string, string>;
  metadata: Record<string, unknown>;
}

/** The metrics in what `run` wrote to stdout, as CloudWatch reads EMF lines. */
async function metricsWrittenBy(run: () => Promise<unknown>): Promise<Datum[]> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  const lines = written.join('').split('\n').filter((line) => line.startsWith('{'));
  return lines
    .map((line) => JSON.parse(line))
    .filter((line) => line._aws)
    .flatMap((line) =>
      line._aws.CloudWatchMetrics.flatMap((directive: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }) => {
        const dimensions = Object.fromEntries(directive.Dimensions.flat().map((key) => [key, line[key]]));
        const metricNames = directive.Metrics.map((m) => m.Name);
        const metadata = Object.fromEntries(Object.entries(line).filter(([key]) => key !== '_aws' && !(key in dimensions) && !metricNames.includes(key)));
        return directive.Metrics.map((m) => ({ namespace: directive.Namespace, name: m.Name, unit: m.Unit, value: line[m.Name], dimensions, metadata }));
      }),
    );
}

const context = { awsRequestId: 'metrics-test', functionName: 'test', getRemainingTimeInMillis: () => 120_000 } as unknown as Context;
const SERVICE = { service: SERVICE_NAME };

function postEvent(path: string, body: object, cookie?: string): APIGatewayProxyEventV2 {
  const rawPath = `${API_BASE_PATH}${path}`;
  return {
    version: '2.0',
    routeKey: `POST ${rawPath}`,
    rawPath,
    rawQueryString: '',
    ...(cookie && { cookies: [cookie] }),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: rawPath }, requestId: 'metrics-test' },
  } as unknown as APIGatewayProxyEventV2;
}

const statusOf = (answer: unknown) => (answer as { statusCode: number }).statusCode;

let m: fixture.Domain;
let bettor: fixture.Bettor;
let event: fixture.OpenEvent;

beforeAll(async () => {
  const origin = baseUrl();
  // The cloud's table, queue and Management API, with the cloud's signing secret (configuration is read once).
  Object.assign(process.env, inject('cloudEnv'), {
    JWT_SECRET: inject('jwtSecret'),
    WS_MANAGEMENT_ENDPOINT: origin,
    AWS_ENDPOINT_URL_SQS: `${origin}${SQS_PREFIX}`,
    SETTLEMENT_QUEUE_URL: localQueueUrl(origin, 'settlement'),
    // The Web Push sender's: the cloud's test push service (its own signing key is any seed's).
    PUSH_TEST_SERVICE: `${origin}${PUSH_SERVICE_PREFIX}/`,
    VAPID_SEED: 'metrics-test',
  });
  useTestEnv();
  m = await fixture.domainModules();
  bettor = await fixture.createBettor(m, 0);
  [event] = await fixture.createOpenEvents(m, 1);
});

describe('business metrics, in CloudWatch embedded metric format (namespace BetPlayWin, dimension service)', () => {
  it('a placed bet counts BetsPlaced and the coins it staked; a refused one BetsRefused with its reason', async () => {
    const { handler } = await import('#functions/betting/handlers/create-new.ts');
    const bet = postEvent('/bet/create-new', { eventId: event.id, teamId: event.teamId, betWay: 'coin', amount: 150 }, bettor.cookie);
    let answer: unknown;
    const placed = await metricsWrittenBy(async () => (answer = await handler(bet, context)));
    expect(statusOf(answer)).toBe(201);
    expect(placed).toEqual([
      expect.objectContaining({ namespace: METRICS_NAMESPACE, name: 'BetsPlaced', unit: 'Count', value: 1, dimensions: SERVICE }),
      expect.objectContaining({ namespace: METRICS_NAMESPACE, name: 'CoinsStaked', unit: 'Count', value: 150, dimensions: SERVICE }),
    ]);

    // The same bet again: the spec's 402 "already bet".
    const refused = await metricsWrittenBy(async () => (answer = await handler(bet, context)));
    expect(statusOf(answer)).toBe(402);
    expect(refused).toEqual([expect.objectContaining({ name: 'BetsRefused', value: 1, dimensions: { ...SERVICE, reason: 'already-bet' } })]);
  });

  it('a wrong password counts LoginsFailed; once the account is locked, LoginsThrottled', async () => {
    const { handler } = await import('#functions/identity/handlers/login-user.ts');
    const { email } = await verifiedUser();
    const wrong = postEvent('/user/login-user', { email, password: 'not-the-password' });
    const names: string[] = [];
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) {
      const written = await metricsWrittenBy(() => handler(wrong, context));
      names.push(...written.map((d) => d.name));
    }
    expect(names).toEqual([...Array(LOGIN_MAX_FAILURES).fill('LoginsFailed'), 'LoginsThrottled']);
  });

  it('settling an event counts how long it took and the bets it settled, with the event id beside them', async () => {
    const { handler } = await import('#functions/settlement/handlers/settle-event.ts');
    const { recordOutcome } = await import('#functions/data/event-outcomes.ts');
    expect((await recordOutcome(event.id, { winnerTeamId: event.teamId }, new Date().toISOString())).recorded).toBe(true);
    const record = { messageId: 'metrics-test', body: JSON.stringify({ eventId: event.id }), attributes: { ApproximateReceiveCount: '1' } };
    let answer: unknown;
    const written = await metricsWrittenBy(async () => (answer = await handler({ Records: [record] } as unknown as SQSEvent, context)));
    expect(answer).toEqual({ batchItemFailures: [] });
    const byName = Object.fromEntries(written.map((d) => [d.name, d]));
    expect(byName.SettlementDuration).toMatchObject({ unit: 'Milliseconds', dimensions: SERVICE, metadata: { eventId: event.id } });
    expect(byName.SettlementDuration.value).toBeGreaterThan(0);
    expect(byName.BetsSettled).toMatchObject({ unit: 'Count', value: 1, dimensions: SERVICE });
  });

  it('counts pushes sent, to a connection that is gone, and failed', async () => {
    const { postToConnection } = await import('#functions/platform/socket-posts.ts');
    const { flushMetrics } = await import('#functions/platform/metrics.ts');
    const { listUserConnectionIds } = await import('#functions/data/connections.ts');
    const socket = (await connectWebSocket(bettor.cookie)) as WebSocket;
    try {
      const [connectionId] = await waitFor(() => listUserConnectionIds(bettor.userId), (ids) => ids.length > 0);
      const written = await metricsWrittenBy(async () => {
        expect(await postToConnection(connectionId, '{"event":"test"}')).toBe('sent');
        expect(await postToConnection('gone-connection', '{}')).toBe('gone');
        // Over API Gateway's 128 KB message limit: refused (413), an error that is not "gone".
        await expect(postToConnection(connectionId, 'x'.repeat(200 * 1024))).rejects.toThrow();
        flushMetrics();
      });
      expect(written.map(({ name, value, dimensions }) => ({ name, value, dimensions })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'PushesFailed', value: 1, dimensions: SERVICE },
        { name: 'PushesGone', value: 1, dimensions: SERVICE },
        { name: 'PushesSent', value: 1, dimensions: SERVICE },
      ]);
    } finally {
      socket.close();
      // Its $disconnect done before the cloud stops.
      await waitFor(() => listUserConnectionIds(bettor.userId), (ids) => ids.length === 0);
    }
  });

  it('the Web Push sender counts each device of a notice: sent, dropped (the push service answers 410 or 403, or the key is off the curve) and failed (503)', async () => {
    // A user no other notice reaches (made in the table, with no welcome notice), so the cloud's own sender never drops these devices first.
    const user = await fixture.createBettor(m, 1);
    const { handler: subscribe } = await import('#functions/notifications/handlers/push-subscribe.ts');
    const ids = { sent: randomUUID(), gone: `gone-${randomUUID()}`, refused: `refused-${randomUUID()}`, busy: `busy-${randomUUID()}`, offCurve: randomUUID() };
    for (const id of Object.values(ids)) {
      const ecdh = createECDH('prime256v1');
      const keys = { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      expect(statusOf(await subscribe(postEvent('/user/push-subscription', { endpoint: `${baseUrl()}${PUSH_SERVICE_PREFIX}/${id}`, keys }, user.cookie), context))).toBe(201);
    }
    // A key off the curve (a real one with its last bit flipped), as a server that did not check keys stored it.
    const stored = await import('#functions/data/push-subscriptions.ts');
    const idOf = (record: { endpoint: string }) => record.endpoint.slice(record.endpoint.lastIndexOf('/') + 1);
    const record = (await stored.listSubscriptions(user.userId)).find((r) => idOf(r) === ids.offCurve)!;
    const point = Buffer.from(record.p256dh, 'base64url');
    point[point.length - 1] ^= 1;
    expect(await stored.saveSubscription({ ...record, p256dh: point.toString('base64url') }, PUSH_DEVICE_LIMIT)).toBe('replaced');
    const { handler } = await import('#functions/stream/handlers/table-stream.ts');
    const notice = { entity: 'notification', userId: user.userId, causeId: `prize#${randomUUID()}`, subject: 'Prize credited', description: '5 coins credited to your wallet' };
    const stream = { Records: [{ eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: marshall(notice) } }] } as unknown as DynamoDBStreamEvent;
    let answer: unknown;
    const written = await metricsWrittenBy(async () => (answer = await handler(stream, context)));
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(written.map(({ name, value, dimensions }) => ({ name, value, dimensions })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'WebPushesDropped', value: [1, 1, 1], dimensions: SERVICE },
      { name: 'WebPushesFailed', value: 1, dimensions: SERVICE },
      { name: 'WebPushesSent', value: 1, dimensions: SERVICE },
    ]);
    expect((await stored.listSubscriptions(user.userId)).map(idOf).sort()).toEqual([ids.sent, ids.busy].sort());
  });
});
