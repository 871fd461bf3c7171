// The key families of infra/needs.ts (`writes`) against what the code writes: the stack lets these
// functions write only items whose partition key starts so (dynamodb:LeadingKeys), so a write outside
// them would be refused in the cloud (AccessDenied). Each handler runs here, in-process against the
// local cloud's table, with every write it sends recorded as IAM would see it: each item's `pk`.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes } from '#shared/routes.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import { needs } from '../../infra/needs.ts';
import * as fixture from '../../scripts/bench/bettors.ts';

type Item = Record<string, unknown>;
/**
 * The partition keys of the items a write request touches, as DynamoDB receives it (marshalled: { S: … });
 * a transaction's ConditionChecks, which write nothing, prefixed `check:`.
 */
function writtenPartitions(command: string, input: Item): string[] {
  const pkOf = (request: Item) => ((request.Item ?? request.Key) as Record<string, { S: string }>).pk.S;
  if (command === 'TransactWriteItemsCommand') return (input.TransactItems as Item[]).map((entry) => `${'ConditionCheck' in entry ? 'check:' : ''}${pkOf(Object.values(entry)[0] as Item)}`);
  if (command === 'BatchWriteItemCommand') return Object.values(input.RequestItems as Record<string, Item[]>).flat().map((r) => pkOf(Object.values(r)[0] as Item));
  if (['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand'].includes(command)) return [pkOf(input)];
  return [];
}

const context = { awsRequestId: 'least-privilege', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

let m: fixture.Domain;
let written: { handler: string; pk: string }[];
let running = '';

type Handler = (event: never, context: Context) => Promise<{ statusCode: number }>;
const modules: Record<string, () => Promise<{ handler: unknown }>> = {
  'identity/handlers/update-user': () => import('#functions/identity/handlers/update-user.ts'),
  'betting/handlers/create-new': () => import('#functions/betting/handlers/create-new.ts'),
  'betting/handlers/create-transaction': () => import('#functions/betting/handlers/create-transaction.ts'),
  'pools/handlers/place-stake': () => import('#functions/pools/handlers/place-stake.ts'),
  'wallet/handlers/create-withdraw': () => import('#functions/wallet/handlers/create-withdraw.ts'),
  'wallet/handlers/claim-allowance': () => import('#functions/wallet/handlers/claim-allowance.ts'),
  'notifications/handlers/notification-read': () => import('#functions/notifications/handlers/notification-read.ts'),
  'notifications/handlers/notification-read-all': () => import('#functions/notifications/handlers/notification-read-all.ts'),
  'notifications/handlers/push-subscribe': () => import('#functions/notifications/handlers/push-subscribe.ts'),
  'notifications/handlers/push-unsubscribe': () => import('#functions/notifications/handlers/push-unsubscribe.ts'),
  'identity/handlers/connect': () => import('#functions/identity/handlers/connect.ts'),
  'notifications/handlers/disconnect': () => import('#functions/notifications/handlers/disconnect.ts'),
  'live/handlers/watch': () => import('#functions/live/handlers/watch.ts'),
};

/** Runs a handler module in-process, its writes recorded under its name; resolves its status code. */
async function run(handler: string, event: object): Promise<number> {
  const fn = (await modules[handler]()).handler as Handler;
  running = handler;
  try {
    return (await fn(event as never, context)).statusCode;
  } finally {
    running = '';
  }
}

function httpEvent(handler: string, { cookie, body, pathParameters }: { cookie: string; body?: object; pathParameters?: Record<string, string> }): APIGatewayProxyEventV2 {
  const route = routes.find((r) => r.handler === handler)!;
  const rawPath = routeKey(route).split(' ')[1];
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath,
    rawQueryString: '',
    cookies: [cookie],
    headers: { 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
    ...(pathParameters && { pathParameters }),
    isBase64Encoded: false,
    requestContext: { http: { method: route.method, path: rawPath, userAgent: 'least-privilege' }, requestId: randomUUID() },
  } as unknown as APIGatewayProxyEventV2;
}

const wsEvent = (routeKey: string, eventType: string, connectionId: string, cookie: string, body?: object) => ({
  requestContext: { routeKey, eventType, connectionId, requestId: randomUUID() },
  headers: { cookie },
  ...(body && { body: JSON.stringify(body) }),
});

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'), { JWT_SECRET: inject('jwtSecret') });
  useTestEnv();
  m = await fixture.domainModules();
  written = [];
  // The document client sends through the base client's middleware: at the build step, DynamoDB's own
  // commands with marshalled input.
  m.dynamodb.db.middlewareStack.add(
    (next, { commandName }) =>
      async (args) => {
        if (running) for (const pk of writtenPartitions(String(commandName), args.input as Item)) written.push({ handler: running, pk });
        return next(args);
      },
    { step: 'build', name: 'recordWrites' },
  );
});

describe('functions held to their key families (infra/needs.ts `writes`, dynamodb:LeadingKeys)', () => {
  it('write nothing outside them in their flows: profile, bet and its payment step, a cup stake, withdrawal, daily allowance, notification read, push subscribe and unsubscribe, WebSocket connect, watch and disconnect', async () => {
    const bettor = await fixture.createBettor(m, 0);
    const [event] = await fixture.createOpenEvents(m, 1);
    const { cookie, userId } = bettor;

    expect(await run('identity/handlers/update-user', httpEvent('identity/handlers/update-user', { cookie, body: { userName: 'Renamed Bettor' } }))).toBe(200);
    expect(await run('betting/handlers/create-new', httpEvent('betting/handlers/create-new', { cookie, body: { eventId: event.id, teamId: event.teamId, betWay: 'coin', amount: 100 } }))).toBe(201);
    expect(await run('betting/handlers/create-transaction', httpEvent('betting/handlers/create-transaction', { cookie, body: { betId: event.id, isPaid: true } }))).toBe(200);
    // A stake in the event's tournament's cup pool (opened here as publishing a format opens it).
    const pools = await import('#functions/data/pools.ts');
    const poolOf = (await m.events.getEvent(event.id))!.tournamentId;
    await pools.openPool({ tournamentId: poolOf, teamIds: [event.teamId], shareVersion: 0, createdAt: new Date().toISOString() });
    expect(await run('pools/handlers/place-stake', httpEvent('pools/handlers/place-stake', { cookie, body: { tournamentId: poolOf, teamId: event.teamId, amount: 100 } }))).toBe(201);

    await m.dynamodb.transactWrite([m.wallets.creditItem(userId, 'cashPaise', 50_000)]);
    expect(await run('wallet/handlers/create-withdraw', httpEvent('wallet/handlers/create-withdraw', { cookie, body: { amount: 200, upiId: 'bettor@upi' } }))).toBe(201);

    // The daily allowance, for a bettor whose coins are gone.
    const broke = await fixture.createBettor(m, 1);
    await m.dynamodb.transactWrite([m.wallets.debitItem(broke.userId, 'coins', (await m.wallets.getWallet(broke.userId)).coins)]);
    expect(await run('wallet/handlers/claim-allowance', httpEvent('wallet/handlers/claim-allowance', { cookie: broke.cookie }))).toBe(200);

    const { notices } = await import('#functions/notifications/notice-texts.ts');
    const { commitNotifying } = await import('#functions/notifications/notifying-commit.ts');
    const { listNotifications, notificationId } = await import('#functions/data/notifications.ts');
    await commitNotifying([], [notices.welcome(userId, 1000, new Date().toISOString())]);
    const [notification] = await listNotifications(userId, true, 1);
    expect(await run('notifications/handlers/notification-read', httpEvent('notifications/handlers/notification-read', { cookie, pathParameters: { id: notificationId(notification) } }))).toBe(200);
    await commitNotifying([], [notices.prizeCredited(userId, randomUUID(), { coins: 5, cashPaise: 0 }, 'Quiz night', new Date().toISOString())]);
    expect(await run('notifications/handlers/notification-read-all', httpEvent('notifications/handlers/notification-read-all', { cookie }))).toBe(200);

    // A device subscribed to pushes, then removed (no notice is stored meanwhile, so nothing is pushed to it).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://fcm.googleapis.com/fcm/send/lp-${randomUUID()}`;
    const subscription = { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
    expect(await run('notifications/handlers/push-subscribe', httpEvent('notifications/handlers/push-subscribe', { cookie, body: subscription }))).toBe(201);
    expect(await run('notifications/handlers/push-unsubscribe', httpEvent('notifications/handlers/push-unsubscribe', { cookie, body: { endpoint } }))).toBe(200);

    const connectionId = `lp-${randomUUID()}`;
    expect(await run('identity/handlers/connect', wsEvent('$connect', 'CONNECT', connectionId, cookie))).toBe(200);
    const { tournamentId } = (await m.events.getEvent(event.id))!;
    expect(await run('live/handlers/watch', wsEvent('watch', 'MESSAGE', connectionId, cookie, { action: 'watch', tournamentId }))).toBe(200);
    expect(await run('notifications/handlers/disconnect', wsEvent('$disconnect', 'DISCONNECT', connectionId, cookie))).toBe(200);

    const checked = Object.keys(modules);
    for (const handler of checked) {
      const families = needs[handler]!.writes!;
      const checked = [...families, ...(needs[handler]!.checks ?? [])];
      const pks = written.filter((w) => w.handler === handler).map((w) => w.pk);
      expect(pks.length, `${handler} wrote nothing`).toBeGreaterThan(0);
      const allowed = (pk: string) => (pk.startsWith('check:') ? checked.some((family) => pk.slice('check:'.length).startsWith(family)) : families.some((family) => pk.startsWith(family)));
      expect(pks.filter((pk) => !allowed(pk)), handler).toEqual([]);
    }
    // Every function the stack conditions is run here (update-avatar writes its profile the way update-user does: setAvatarKey).
    expect(Object.keys(needs).filter((h) => needs[h]!.writes && !checked.includes(h))).toEqual(['identity/handlers/update-avatar']);
  });
});
