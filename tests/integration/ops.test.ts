// The operators' command line (npm run ops), run as a process against the local cloud's table: the audit,
// create-operator and the settled-index backfill. On a cloud of its own: the audit and the backfill read
// the whole table, and the shared one holds every other file's business (tens of thousands of items, and
// states some files plant on purpose), so here they read only this file's and find nothing wrong at all.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCloudEnv, useOwnCloud } from '../helpers/cloud-under-test.ts';
import { newClient, PASSWORD, uniqueEmail, verifiedUser } from './accounts-flows.ts';
import { createEvent, operatorClient } from './game-flows.ts';
import { placeBets, settlementModules, waitUntilSettled } from './settlement-flows.ts';

const run = promisify(execFile);

let stopOwnCloud: (() => Promise<void>) | undefined;
beforeAll(async () => {
  stopOwnCloud = await useOwnCloud();
});
afterAll(() => stopOwnCloud?.());

/** `npm run ops -- <args>` with only the table and the AWS variables of the cloud: its exit code and output. */
async function ops(...args: string[]): Promise<{ code: number; stdout: string }> {
  // The passwords it sets are hashed at the test clouds' scrypt cost (tests/setup/global-setup.ts), not at 2^17.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', PASSWORD_SCRYPT_LOG2_N: '14', ...testCloudEnv() };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], { env, timeout: 60_000 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('ops audit', () => {
  it('finds nothing wrong with settled business, then finds a planted ledger entry', { timeout: 120_000 }, async () => {
    const operator = await operatorClient();
    const { event, teams } = await createEvent(operator);
    await placeBets(event, [
      { team: 0, amount: 100 },
      { team: 1, amount: 50 },
    ]);
    await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id });
    await waitUntilSettled(event._id);
    const clean = await ops('audit');
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.stdout).toContain('everything agrees');

    const { ledger, dynamodb } = await settlementModules();
    const { userId } = await verifiedUser();
    const key = { pk: `USER#${userId}`, sk: `LEDGER#prize#${randomUUID()}` };
    const planted = ledger.ledgerEntryItem({ userId, entryId: key.sk.slice('LEDGER#'.length), kind: 'prize', coins: 5, cashPaise: 0, createdAt: new Date().toISOString() });
    await dynamodb.transactWrite([planted]);
    try {
      const found = await ops('audit');
      expect(found.code).toBe(1);
      expect(found.stdout).toContain(`wallet of user ${userId}: coins 1000, its ledger sums to 1005`);
    } finally {
      await dynamodb.db.send(new DeleteCommand({ TableName: dynamodb.tableName(), Key: key }));
    }
  });
});

describe('ops create-operator', () => {
  // Five runs of the ops script, each a process that loads tsx and the SDK: seconds each on a busy machine.
  it('creates a verified operator with a generated password, and promotes an existing account', { timeout: 240_000 }, async () => {
    const email = uniqueEmail();
    const created = await ops('create-operator', '--email', email, '--name', 'Second Operator');
    expect(created.code, created.stdout).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    const client = newClient();
    expect((await client.post('/user/login-user', { email, password })).status).toBe(200);
    expect((await client.get('/user/current-user')).body.data).toMatchObject({ role: 'operator', userName: 'Second Operator' });

    const user = await verifiedUser();
    const promoted = await ops('create-operator', '--email', user.email);
    expect(promoted.stdout).toContain('is now an operator');
    // The role comes with a session: the next login is an operator's, with the same password.
    const again = newClient();
    expect((await again.post('/user/login-user', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect((await again.get('/admin/withdrawals')).status).toBe(200);

    expect((await ops('create-operator')).code).toBe(2);
    expect((await ops('create-operator', '--email', uniqueEmail(), '--password', 'short')).code).toBe(2);
    expect((await ops('unknown')).code).toBe(2);
  });
});

describe('ops backfill-settled-index', () => {
  it('adds the settled index keys to bets settled before the index existed, once; pending bets are left alone', { timeout: 120_000 }, async () => {
    const operator = await operatorClient();
    const { event, teams } = await createEvent(operator);
    const bettors = await placeBets(event, [
      { team: 0, amount: 100 },
      { team: 1, amount: 50 },
      { team: 0, amount: 70 },
    ]);
    await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id });
    await waitUntilSettled(event._id);
    const pending = await createEvent(operator);
    const [waiting] = await placeBets(pending.event, [{ team: 0, amount: 60 }]);

    // As a bet settled before the index was added looks: settled, without its gsi2 keys.
    const { bets, dynamodb } = await settlementModules();
    const keyOf = (userId: string, eventId: string) => ({ pk: `USER#${userId}`, sk: `BET#${eventId}` });
    for (const { userId } of bettors) {
      await dynamodb.db.send(new UpdateCommand({ TableName: dynamodb.tableName(), Key: keyOf(userId, event._id), UpdateExpression: 'REMOVE gsi2pk, gsi2sk' }));
    }
    const indexed = async (eventId: string) => {
      const found: string[] = [];
      for (let shard = 0; shard < bets.BET_INDEX_SHARDS; shard++) found.push(...(await bets.listSettledBetsPage(eventId, shard, 100)).bets.map((bet) => bet.userId));
      return found.sort();
    };
    expect(await indexed(event._id)).toEqual([]);

    const first = await ops('backfill-settled-index');
    expect(first.code, first.stdout).toBe(0);
    const added = Number(/(\d+) bet\(s\) added/.exec(first.stdout)?.[1]);
    expect(added).toBeGreaterThanOrEqual(bettors.length);
    expect(await indexed(event._id)).toEqual(bettors.map((b) => b.userId).sort());
    // The pending bet was not put in the settled index.
    const item = await dynamodb.db.send(new GetCommand({ TableName: dynamodb.tableName(), Key: keyOf(waiting.userId, pending.event._id), ConsistentRead: true }));
    expect(item.Item).toMatchObject({ status: 'pending' });
    expect(item.Item?.gsi2pk).toBeUndefined();

    // Again: nothing left to add.
    const second = await ops('backfill-settled-index');
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain('Settled index: 0 bet(s) added');
  });
});
