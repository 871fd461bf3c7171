// The wallet: balances, withdrawals (every refusal, one pending at most) and the ledger behind them.
// Cash only comes from prizes, credited here through the domain (the operator's credit call comes later).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { domainModules, operatorClient } from './game-flows.ts';

/** A wallet with coins enough to bet has no daily allowance to claim. */
const NOTHING_TO_CLAIM = { claimable: false, coins: 0 };
const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });
const walletOf = async (client: ApiClient) => (await client.get('/wallet/get-wallet')).body.data;
const withdraw = (client: ApiClient, amount: unknown, upiId: unknown = 'asha.k@okbank') => client.post('/wallet/create-withdraw', { amount, upiId });

/** A verified user holding `rupees` of cash. */
async function userWithCash(rupees: number) {
  const { wallet } = await domainModules();
  const user = await verifiedUser();
  expect(await wallet.creditCash(user.userId, Math.round(rupees * 100), randomUUID())).toBe(true);
  return user;
}

describe('get-wallet', () => {
  it('shows the welcome coins, no cash and no earnings to a new user; 401 without a session', async () => {
    const { client } = await verifiedUser();
    expect(await walletOf(client)).toEqual({ totalCoins: 1000, totalCash: 0, totalEarnings: 0, allowance: NOTHING_TO_CLAIM });
    expect((await newClient().get('/wallet/get-wallet')).status).toBe(401);
  });

  it('shows cash in rupees, paise as decimals; a repeated credit applies once', async () => {
    const { wallet } = await domainModules();
    const { client, userId } = await verifiedUser();
    const creditId = randomUUID();
    expect(await wallet.creditCash(userId, 10050, creditId)).toBe(true);
    expect(await wallet.creditCash(userId, 10050, creditId)).toBe(false);
    expect(await walletOf(client)).toEqual({ totalCoins: 1000, totalCash: 100.5, totalEarnings: 0, allowance: NOTHING_TO_CLAIM });
  });
});

describe('create-withdraw', () => {
  it('refuses amounts below 10 rupees, sub-paise amounts and invalid UPI ids, with messages', async () => {
    const { client } = await verifiedUser();
    expect((await withdraw(client, 9.99)).body).toEqual(error(400, MSG.minWithdraw));
    expect((await withdraw(client, 10.005)).body).toEqual(error(400, MSG.withdrawAmountPrecision));
    expect((await withdraw(client, '10')).body).toEqual(error(400, MSG.withdrawAmountNotNumber));
    expect((await client.post('/wallet/create-withdraw', { amount: 10 })).body).toEqual(error(400, MSG.invalidUpi));
    for (const upiId of [42, '', 'asha', 'a@b', '@okbank', 'asha@1bank', 'asha k@okbank']) {
      expect((await withdraw(client, 10, upiId)).body, String(upiId)).toEqual(error(400, MSG.invalidUpi));
    }
    expect((await newClient().post('/wallet/create-withdraw', { amount: 10, upiId: 'asha@okbank' })).status).toBe(401);
  });

  it('answers 400 Not enough amount while the cash does not cover it, and writes nothing', async () => {
    const { client } = await userWithCash(15);
    expect((await withdraw(client, 15.01)).body).toEqual(error(400, MSG.notEnoughWallet));
    expect(await walletOf(client)).toMatchObject({ totalCash: 15 });
    expect((await client.get('/wallet/withdraw-history')).body.data).toEqual([]);
  });

  it('debits the cash, records a pending withdrawal and allows no second one while it is pending', async () => {
    const { ledger } = await domainModules();
    const { client, userId } = await userWithCash(100.5);
    const requested = await withdraw(client, 20.25, ' asha.k@okbank ');
    expect(requested.status).toBe(201);
    expect(requested.body.message).toBe(MSG.withdrawSent);
    expect(requested.body.data).toEqual({
      _id: expect.any(String),
      status: 'pending',
      amount: 20.25,
      createdAt: expect.any(String),
      upiId: 'asha.k@okbank',
      decidedAt: null,
      reference: null,
      reason: null,
    });
    expect((await withdraw(client, 10)).body).toEqual(error(409, MSG.withdrawalPending));

    expect(await walletOf(client)).toEqual({ totalCoins: 1000, totalCash: 80.25, totalEarnings: 0, allowance: NOTHING_TO_CLAIM });
    expect((await client.get('/wallet/withdraw-history')).body.data).toEqual([requested.body.data]);
    const entries = await ledger.listLedger(userId);
    expect(entries.reduce((sum, entry) => sum + entry.cashPaise, 0)).toBe(8025);
    expect(entries.find((entry) => entry.kind === 'withdrawal')).toMatchObject({ cashPaise: -2025, coins: 0 });
  });
});

describe('withdraw-history', () => {
  it('is empty for a new user and needs a session', async () => {
    const { client } = await verifiedUser();
    expect((await client.get('/wallet/withdraw-history')).body.data).toEqual([]);
    expect((await newClient().get('/wallet/withdraw-history')).status).toBe(401);
  });

  // Issue 22 §9: the student matches a payout to their bank statement by the UPI id and the payment reference.
  it('names the UPI id each withdrawal went to, and once paid its payment reference; a rejected one its reason', async () => {
    const { client } = await userWithCash(100);
    const operator = await operatorClient();
    expect((await withdraw(client, 40, 'asha.k@okbank')).status).toBe(201);
    const [pending] = (await client.get('/wallet/withdraw-history')).body.data;
    expect(pending).toMatchObject({ status: 'pending', amount: 40, upiId: 'asha.k@okbank', decidedAt: null, reference: null, reason: null });
    expect((await operator.patch(`/admin/withdrawals/${pending._id}`, { status: 'paid', reference: ' 412345678901 ' })).status).toBe(200);

    expect((await withdraw(client, 25, 'asha@okaxis')).status).toBe(201);
    const [second] = (await client.get('/wallet/withdraw-history')).body.data;
    expect((await operator.patch(`/admin/withdrawals/${second._id}`, { status: 'rejected', reason: 'UPI id not found' })).status).toBe(200);

    const history = (await client.get('/wallet/withdraw-history')).body.data;
    expect(history).toEqual([
      { ...second, status: 'rejected', decidedAt: expect.any(String), reason: 'UPI id not found' },
      { ...pending, status: 'paid', decidedAt: expect.any(String), reference: '412345678901' },
    ]);
    expect(history[0].upiId).toBe('asha@okaxis');
  });
});

describe('concurrent withdrawals', () => {
  it('20 at once: one is pending, the rest refused, the cash never below zero and the ledger agrees', async () => {
    const { ledger } = await domainModules();
    const { client, userId } = await userWithCash(30);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(client, 20)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);

    const { totalCash } = await walletOf(client);
    expect(totalCash).toBe(10);
    const history = (await client.get('/wallet/withdraw-history')).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'pending', amount: 20 });
    const entries = await ledger.listLedger(userId);
    expect(entries.reduce((sum, entry) => sum + entry.cashPaise, 0)).toBe(1000);
  });
});
