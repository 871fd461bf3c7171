// The operator's money and user calls: prizes, the withdrawal queue, user search; 401/403 on each.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { domainModules, operatorClient } from './game-flows.ts';
import { settlementModules, WELCOME, walletOf } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });
/** The wallet of a bettor with coins for a bet: no daily allowance to claim. */
const walletAnswer = (balances: { totalCoins: number; totalCash: number; totalEarnings: number }) => ({ ...balances, allowance: { claimable: false, coins: 0 } });
const credit = (userId: string, body: object) => operator.post(`/admin/users/${userId}/credit`, body);
const decide = (id: string, body: object) => operator.patch(`/admin/withdrawals/${id}`, body);
const withdraw = (client: ApiClient, amount: number) => client.post('/wallet/create-withdraw', { amount, upiId: 'asha.k@okbank' });
const subjects = async (client: ApiClient) =>
  ((await client.get('/user/notification-list')).body.data as { notifications: { subject: string }[] }[]).flatMap((group) => group.notifications.map((n) => n.subject));

describe('operator routes', () => {
  const id = randomUUID();
  // Valid requests: the result route is an organiser route, which checks the body before the tournament's organisers.
  const calls = [
    ['post', `/admin/events/${id}/result`, { winnerTeamId: randomUUID() }],
    ['post', `/admin/users/${id}/credit`, { coins: 5, reason: 'Prize' }],
    ['put', `/admin/users/${id}/tournament-creator`, { allowed: true }],
    ['get', '/admin/users?query=a', undefined],
    ['get', '/admin/withdrawals', undefined],
    ['patch', `/admin/withdrawals/${id}`, { status: 'rejected', reason: 'late' }],
  ] as const;

  it("answer 401 without a session and 403 for a user who is neither an operator nor the event's organiser", async () => {
    const { client: user } = await verifiedUser();
    for (const [method, path, body] of calls) {
      const anonymous = method === 'get' ? newClient().get(path) : newClient()[method](path, body);
      expect((await anonymous).body, path).toEqual(error(401, MSG.unauthorized));
      const forbidden = method === 'get' ? user.get(path) : user[method](path, body);
      expect((await forbidden).body, path).toEqual(error(403, MSG.forbidden));
    }
  });
});

describe('POST /admin/users/{id}/credit', () => {
  it('credits rupees and coins once per creditId, with a ledger entry and a notification', async () => {
    const { ledger } = await settlementModules();
    const { client, userId } = await verifiedUser();
    const creditId = randomUUID();
    const body = { cash: 150.5, coins: 20, reason: 'Spring Cup winner', creditId };
    const first = await credit(userId, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ data: { creditId, applied: true }, message: MSG.prizeCredited });
    expect((await credit(userId, body)).body).toMatchObject({ data: { creditId, applied: false }, message: MSG.prizeAlreadyCredited });
    expect(await walletOf(client)).toEqual(walletAnswer({ totalCoins: WELCOME + 20, totalCash: 150.5, totalEarnings: 0 }));
    const entry = (await ledger.listLedger(userId)).find((e) => e.entryId === `prize#${creditId}`);
    expect(entry).toMatchObject({ kind: 'prize', coins: 20, cashPaise: 15050, note: 'Spring Cup winner' });
    expect(await subjects(client)).toEqual(['Prize credited', 'Welcome bonus']);

    // Without a creditId, each call is a new credit.
    const generated = await credit(userId, { coins: 5, reason: 'Quiz' });
    expect(generated.body.data).toEqual({ creditId: expect.any(String), applied: true });
    expect(await walletOf(client)).toMatchObject({ totalCoins: WELCOME + 25 });
  });

  it('refuses bad amounts, a missing reason and unknown users, writing nothing', async () => {
    const { client, userId } = await verifiedUser();
    expect((await credit(userId, { cash: 10 })).body).toEqual(error(400, MSG.reasonRequired));
    expect((await credit(userId, { reason: 'Prize' })).body).toEqual(error(400, MSG.creditAmountRequired));
    expect((await credit(userId, { cash: 0, coins: 0, reason: 'Prize' })).body).toEqual(error(400, MSG.creditAmountRequired));
    expect((await credit(userId, { cash: 10.005, reason: 'Prize' })).body).toEqual(error(400, MSG.creditCashInvalid));
    expect((await credit(userId, { cash: -5, reason: 'Prize' })).body).toEqual(error(400, MSG.creditCashInvalid));
    expect((await credit(userId, { cash: '5', reason: 'Prize' })).body).toEqual(error(400, MSG.creditCashInvalid));
    expect((await credit(userId, { coins: 2.5, reason: 'Prize' })).body).toEqual(error(400, MSG.creditCoinsInvalid));
    expect((await credit(userId, { coins: 5, reason: ' ' })).body).toEqual(error(400, MSG.reasonRequired));
    expect((await credit(userId, { coins: 5, reason: 'Prize', creditId: 'x' })).body).toEqual(error(400, MSG.invalidId));
    expect((await credit('not-an-id', { coins: 5, reason: 'Prize' })).body).toEqual(error(400, MSG.invalidId));
    expect((await credit(randomUUID(), { coins: 5, reason: 'Prize' })).body).toEqual(error(404, MSG.userNotFound));
    expect(await walletOf(client)).toEqual(walletAnswer({ totalCoins: WELCOME, totalCash: 0, totalEarnings: 0 }));
  });

  it('credits at least one paisa: an amount that rounds to ₹0 is refused with no ledger entry or notice, by the API and by the domain', async () => {
    const { wallet, ledger } = await domainModules();
    const { client, userId } = await verifiedUser();
    for (const cash of [1e-9, 0.000000004, 0.0000001]) {
      expect((await credit(userId, { cash, reason: 'Prize' })).body, String(cash)).toEqual(error(400, MSG.creditCashInvalid));
      expect((await credit(userId, { cash, coins: 5, reason: 'Prize' })).body, String(cash)).toEqual(error(400, MSG.creditCashInvalid));
    }
    // The smallest prize there is: one paisa.
    expect((await credit(userId, { cash: 0.01, reason: 'Prize' })).body.data.applied).toBe(true);
    // The domain refuses a credit of nothing (or of parts of a coin or paisa) whoever calls it.
    for (const amounts of [{ coins: 0, cashPaise: 0 }, { coins: 0, cashPaise: 0.4 }, { coins: -1, cashPaise: 5 }, { coins: 0.5, cashPaise: 0 }]) {
      const refused = wallet.creditPrize(userId, { ...amounts, reason: 'Prize', creditId: randomUUID() });
      await expect(refused, JSON.stringify(amounts)).rejects.toMatchObject({ code: 'credit-amount-invalid' });
    }
    expect(await walletOf(client)).toEqual(walletAnswer({ totalCoins: WELCOME, totalCash: 0.01, totalEarnings: 0 }));
    expect((await ledger.listLedger(userId)).filter((e) => e.kind === 'prize')).toEqual([expect.objectContaining({ cashPaise: 1, coins: 0 })]);
    expect(await subjects(client)).toEqual(['Prize credited', 'Welcome bonus']);
  });
});

describe('GET /admin/users', () => {
  it('finds a user by exact email and by user-name prefix in any case, with balances', async () => {
    const { client, userId, email } = await verifiedUser();
    const userName = `Qx${randomUUID().slice(0, 8)}`;
    await client.patch('/user/update-user', { userName });
    await credit(userId, { cash: 12.25, reason: 'Prize' });
    const row = { _id: userId, userName, email, role: 'user', coins: WELCOME, cash: 12.25, trophy: 0, mayCreateTournaments: false };
    expect((await operator.get(`/admin/users?query=${encodeURIComponent(email.toUpperCase())}`)).body.data).toEqual([row]);
    expect((await operator.get(`/admin/users?query=${userName.slice(0, 6).toLowerCase()}`)).body.data).toEqual([row]);
    expect((await operator.get(`/admin/users?query=${userName.toUpperCase()}`)).body.data).toEqual([row]);
    expect((await operator.get('/admin/users?query=Tester')).body.data.length).toBeLessThanOrEqual(20);
    expect((await operator.get(`/admin/users?query=${randomUUID()}@test.local`)).body.data).toEqual([]);
    expect((await operator.get('/admin/users')).body).toEqual(error(400, MSG.searchQueryRequired));
    expect((await operator.get(`/admin/users?query=${'a'.repeat(101)}`)).body).toEqual(error(400, MSG.searchQueryRequired));
  });
});

describe('withdrawals', () => {
  /** A verified user with 100 rupees of cash and a pending withdrawal of `amount`. */
  async function pendingWithdrawal(amount: number) {
    const user = await verifiedUser();
    await credit(user.userId, { cash: 100, reason: 'Prize' });
    const requested = await withdraw(user.client, amount);
    expect(requested.status).toBe(201);
    return { ...user, withdrawalId: requested.body.data._id as string };
  }
  const listed = async (status: string) => (await operator.get(`/admin/withdrawals?status=${status}`)).body.data as AdminWithdrawal[];

  it('lists pending ones newest first with the user; paid records the reference once, frees the slot, notifies', async () => {
    const { client, userId, email, withdrawalId } = await pendingWithdrawal(40);
    const pending = await listed('pending');
    expect(pending.find((w) => w._id === withdrawalId)).toEqual({
      _id: withdrawalId,
      status: 'pending',
      amount: 40,
      createdAt: expect.any(String),
      userId,
      userName: 'Tester',
      email,
      upiId: 'asha.k@okbank',
      decidedAt: null,
      reference: null,
      reason: null,
    });
    expect(pending.map((w) => w.createdAt)).toEqual(pending.map((w) => w.createdAt).sort().reverse());
    expect(await listed('pending')).toEqual(await operator.get('/admin/withdrawals').then((r) => r.body.data));

    const paid = await decide(withdrawalId, { status: 'paid', reference: 'UPI-REF-123' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ _id: withdrawalId, status: 'paid', reference: 'UPI-REF-123', reason: null, decidedAt: expect.any(String) });
    expect((await decide(withdrawalId, { status: 'rejected', reason: 'late' })).body).toEqual(error(409, MSG.withdrawalNotPending));
    expect((await listed('pending')).map((w) => w._id)).not.toContain(withdrawalId);
    expect((await listed('paid')).map((w) => w._id)).toContain(withdrawalId);
    expect(await walletOf(client)).toMatchObject({ totalCash: 60 });
    expect((await client.get('/wallet/withdraw-history')).body.data[0]).toMatchObject({ _id: withdrawalId, status: 'paid' });
    expect((await subjects(client))[0]).toBe('Withdrawal paid');
    expect((await withdraw(client, 10)).status).toBe(201);
  });

  it('rejected refunds the cash with a ledger entry, frees the slot and notifies', async () => {
    const { ledger } = await settlementModules();
    const { client, userId, withdrawalId } = await pendingWithdrawal(70);
    expect(await walletOf(client)).toMatchObject({ totalCash: 30 });
    const rejected = await decide(withdrawalId, { status: 'rejected', reason: 'UPI id does not exist' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'UPI id does not exist', reference: null });
    expect(await walletOf(client)).toMatchObject({ totalCash: 100 });
    expect((await ledger.listLedger(userId)).find((e) => e.entryId === `withdrawal-refund#${withdrawalId}`)).toMatchObject({ cashPaise: 7000 });
    expect((await listed('rejected')).map((w) => w._id)).toContain(withdrawalId);
    expect((await subjects(client))[0]).toBe('Withdrawal rejected');
    expect((await decide(withdrawalId, { status: 'paid', reference: 'x' })).body).toEqual(error(409, MSG.withdrawalNotPending));
    expect((await withdraw(client, 100)).status).toBe(201);
  });

  it('refuses bad decisions and statuses and unknown ids', async () => {
    const { withdrawalId } = await pendingWithdrawal(10);
    expect((await decide(withdrawalId, { status: 'paid' })).body).toEqual(error(400, MSG.referenceRequired));
    expect((await decide(withdrawalId, { status: 'rejected', reason: '' })).body).toEqual(error(400, MSG.reasonRequired));
    expect((await decide(withdrawalId, { status: 'pending' })).body).toEqual(error(400, MSG.withdrawalDecisionInvalid));
    expect((await decide(withdrawalId, {})).body).toEqual(error(400, MSG.withdrawalDecisionInvalid));
    expect((await decide(randomUUID(), { status: 'paid', reference: 'R1' })).body).toEqual(error(404, MSG.withdrawalNotFound));
    expect((await operator.get('/admin/withdrawals?status=done')).body).toEqual(error(400, MSG.withdrawalStatusInvalid));
    expect((await listed('pending')).map((w) => w._id)).toContain(withdrawalId);
  });
});
