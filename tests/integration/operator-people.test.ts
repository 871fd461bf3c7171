// The operator finds anyone (issue 22 §12): any part of a name or email, any case, through the search
// index (never a Scan), a renamed user by the new name only; and a person's page: profile, wallet, prizes,
// withdrawals, coin history and bets.
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPerson, AdminUser, BetHistoryItem, LedgerPage } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import { testCloudEnv } from '../helpers/cloud-under-test.ts';
import { needs } from '../../infra/needs.ts';
import { newClient, PASSWORD, verificationLinkFor, verifyPath } from './accounts-flows.ts';
import { coinBet, createEvent, domainModules, operatorClient } from './game-flows.ts';

/** Letters only (names take no digits), so each run's people are its own. */
const tag = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');

async function person(userName: string, email: string) {
  const client = newClient();
  const created = await client.post('/user/create-user', { userName, email, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await client.post('/user/create-email-verification', { email });
  expect((await client.post(verifyPath(await verificationLinkFor(email)))).status).toBe(200);
  return { client, email, userId: created.body.data._id as string };
}

describe('the operator finds anyone by any part of their name or email', () => {
  let operator: ApiClient;
  let t: string;
  let ananya: Awaited<ReturnType<typeof person>>;
  let zoya: Awaited<ReturnType<typeof person>>;
  const find = async (query: string) => {
    const answer = await operator.get<{ data: AdminUser[] }>(`/admin/users?query=${encodeURIComponent(query)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.map((user) => user._id);
  };

  beforeAll(async () => {
    operator = await operatorClient();
    t = tag();
    [ananya, zoya] = await Promise.all([person(`Ananya Rao ${t}`, `ananya.${t}@test.local`), person(`Zoya Qureshi ${t}`, `zq${t}@test.local`)]);
  });

  it('finds a name by its middle, in any case', async () => {
    expect(await find(`RAO ${t.toUpperCase()}`)).toEqual([ananya.userId]);
    expect(await find(`rao ${t}`)).toEqual([ananya.userId]);
    expect(await find('rao')).toContain(ananya.userId);
    expect(await find(`eshi ${t.slice(0, 4)}`)).toEqual([zoya.userId]);
  });

  it("finds an email by any part: its start with the '@', its middle, its domain with the name", async () => {
    expect(await find(`ananya.${t}@`)).toEqual([ananya.userId]);
    expect(await find(`NYA.${t.slice(0, 5)}`)).toEqual([ananya.userId]);
    expect(await find(`.${t}@test.local`)).toEqual([ananya.userId]);
    expect(await find(`ananya.${t}@test.local`)).toEqual([ananya.userId]);
    expect(await find(`zq${t}@test`)).toEqual([zoya.userId]);
  });

  it('finds one or two characters by the start of a name or email', async () => {
    // Zoya's email starts 'zq' (no uuid-named test user's can), her name 'zo'.
    expect(await find('ZQ')).toContain(zoya.userId);
    expect(await find('zq')).not.toContain(ananya.userId);
  });

  it('finds nobody for a part nobody has', async () => {
    expect(await find(`${t}${t}`)).toEqual([]);
  });

  it('finds a renamed user by the new name only (the email still finds them)', async () => {
    const renamed = await ananya.client.patch('/user/update-user', { userName: `Kiran Iyer ${t}` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await find(`rao ${t}`)).toEqual([]);
    expect(await find(`ananya rao ${t}`)).toEqual([]);
    expect(await find(`iyer ${t}`)).toEqual([ananya.userId]);
    expect(await find(`ananya.${t}`)).toEqual([ananya.userId]);
    // Renamed back and forth: only the last name's pieces are left in the index.
    await ananya.client.patch('/user/update-user', { userName: `Ananya Rao ${t}` });
    expect(await find(`iyer ${t}`)).toEqual([]);
    expect(await find(`rao ${t}`)).toEqual([ananya.userId]);
  });

  it('answers a blank or too long query with the form message', async () => {
    expect((await operator.get('/admin/users?query=%20%20')).body).toEqual({ statusCode: 400, message: MSG.searchQueryRequired, success: false });
    expect((await operator.get(`/admin/users?query=${'a'.repeat(101)}`)).status).toBe(400);
  });

  it('reads the search index with Queries of its own partitions, never a Scan, and the route is granted no Scan', async () => {
    expect(needs['identity/handlers/find-users']?.table).not.toContain('Scan');
    Object.assign(process.env, testCloudEnv());
    useTestEnv();
    const [{ db }, { findUsers }] = await Promise.all([import('#functions/platform/dynamodb.ts'), import('#functions/identity/user-search.ts')]);
    const sent: { command: string; input: Record<string, unknown> }[] = [];
    db.middlewareStack.add(
      (next, context) => (args) => {
        sent.push({ command: context.commandName ?? '', input: args.input as Record<string, unknown> });
        return next(args);
      },
      { step: 'initialize', name: 'recordUserSearchCalls' },
    );
    try {
      expect((await findUsers(`ya.${t}@te`)).map((user) => user._id)).toEqual([ananya.userId]);
      expect((await findUsers('zq')).map((user) => user._id)).toContain(zoya.userId);
    } finally {
      db.middlewareStack.remove('recordUserSearchCalls');
    }
    const commands = new Set(sent.map((call) => call.command));
    expect([...commands].filter((name) => !['QueryCommand', 'BatchGetItemCommand', 'GetItemCommand'].includes(name))).toEqual([]);
    expect(commands).toContain('QueryCommand');
    // Each Query names one partition of the search index, or the name index.
    const queries = sent.filter((call) => call.command === 'QueryCommand').map((call) => call.input);
    for (const query of queries) {
      const value = (query.ExpressionAttributeValues as Record<string, unknown>)[':pk'];
      // Marshalled ({ S: … }) if the document client has translated the input by this step.
      const pk = typeof value === 'string' ? value : ((value as { S?: string } | undefined)?.S ?? '');
      expect(query.IndexName === 'gsi1' || pk.startsWith('USEARCH#'), JSON.stringify(query)).toBe(true);
    }
    // A few partitions (at most 4 trigrams a round) plus, for two characters, the two prefix lookups.
    expect(queries.length).toBeLessThanOrEqual(4 + 2);
  });
});

describe("a person's page", () => {
  let operator: ApiClient;
  let bettor: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    operator = await operatorClient();
    const t = tag();
    bettor = await person(`Meera Pillai ${t}`, `meera.${t}@test.local`);
    const { event } = await createEvent(operator);
    expect((await bettor.client.post('/bet/create-new', coinBet(event, 120))).status).toBe(201);
    expect((await operator.post(`/admin/users/${bettor.userId}/credit`, { cash: 300, coins: 50, reason: 'Quiz night winner' })).status).toBe(200);
    expect((await bettor.client.post('/wallet/create-withdraw', { amount: 100, upiId: 'meera.p@okbank' })).status).toBe(201);
  });

  it('shows who they are, their wallet, prizes and withdrawals', async () => {
    const answer = await operator.get<{ data: AdminPerson }>(`/admin/users/${bettor.userId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = answer.body.data;
    expect(page.user).toMatchObject({ _id: bettor.userId, email: bettor.email, role: 'user', verified: true });
    expect(page.wallet).toMatchObject({ coins: 1000 - 120 + 50, cash: 200 });
    expect(page.prizes).toEqual([expect.objectContaining({ coins: 50, cash: 300, reason: 'Quiz night winner', reversed: false })]);
    expect(page.withdrawals).toEqual([expect.objectContaining({ amount: 100, status: 'pending', upiId: 'meera.p@okbank', reference: null })]);
  });

  it('shows their coin history and their bets, pending ones included', async () => {
    const ledger = await operator.get<{ data: LedgerPage }>(`/admin/users/${bettor.userId}/ledger?limit=10`);
    expect(ledger.status).toBe(200);
    expect(ledger.body.data.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['welcome', 'bet', 'prize', 'withdrawal']));
    const bets = await operator.get<{ data: BetHistoryItem[] }>(`/admin/users/${bettor.userId}/bets`);
    expect(bets.status).toBe(200);
    expect(bets.body.data).toEqual([expect.objectContaining({ amount: 120, isOver: false })]);
  });

  it('is the operator’s only: a user gets 403, an unknown person 404, a bad id 400', async () => {
    expect((await bettor.client.get(`/admin/users/${bettor.userId}`)).status).toBe(403);
    expect((await bettor.client.get(`/admin/users/${bettor.userId}/bets`)).status).toBe(403);
    expect((await operator.get('/admin/users/00000000-0000-4000-8000-000000000000')).body).toEqual({ statusCode: 404, message: MSG.userNotFound, success: false });
    expect((await operator.get('/admin/users/not-an-id')).status).toBe(400);
  });

  it('the backfill gives users from before the index their items, and running it again changes nothing', async () => {
    const { dynamodb } = await domainModules();
    const t = tag();
    const id = crypto.randomUUID();
    // A user as registration wrote them before the index: the profile and email items only.
    const { newUserItems } = await import('#functions/data/users.ts');
    const items = newUserItems({ id, userName: `Old Timer ${t}`, email: `old.${t}@test.local`, passwordHash: 'x', role: 'user', verified: true, trophy: 0, createdAt: new Date().toISOString() });
    await dynamodb.transactWrite(items.slice(0, 2));
    const find = async (query: string) => (await operator.get<{ data: AdminUser[] }>(`/admin/users?query=${encodeURIComponent(query)}`)).body.data.map((u) => u._id);
    expect(await find(`timer ${t}`)).toEqual([]);
    const { backfillUserSearch } = await import('../../scripts/ops/backfill-user-search.ts');
    expect(await backfillUserSearch()).toBe(0);
    expect(await find(`timer ${t}`)).toEqual([id]);
    expect(await find(`d.${t}@`)).toEqual([id]);
    expect(await backfillUserSearch()).toBe(0);
    expect(await find(`timer ${t}`)).toEqual([id]);
    // Two Scans of the run's whole shared table, which every other file fills: minutes on a busy machine.
  }, 300_000);
});
