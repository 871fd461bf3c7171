// The operator paying and crediting (issue 22 §13-§15): a prize credited by mistake reversed (never below
// zero, the rest a debt the next prize repays first; once; its audit), a payment's UTR asked for by that
// name, and the operators told of each new withdrawal request in their inbox.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvents, domainModules, operatorClient } from './game-flows.ts';
import { walletOf } from './settlement-flows.ts';
import { checkItems } from '../../scripts/ops/money-audit.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });
const credit = (userId: string, body: object) => operator.post(`/admin/users/${userId}/credit`, body);
const reverse = (userId: string, creditId: string, reason = 'Credited to the wrong student', client = operator) =>
  client.post(`/admin/users/${userId}/prizes/${creditId}/reversal`, { reason });
const notifications = async (client: ApiClient) =>
  ((await client.get('/user/notification-list')).body.data as { notifications: { subject: string; description: string }[] }[]).flatMap((group) => group.notifications);

/** The user's own items (their partition), for the money audit's rules. */
async function auditOf(userId: string): Promise<string[]> {
  const { dynamodb } = await domainModules();
  const items = await dynamodb.queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` }, ConsistentRead: true });
  return checkItems(items);
}

describe('POST /admin/users/{id}/prizes/{creditId}/reversal', () => {
  it('takes a prize back whole with a compensating entry and tells the user; a second reversal changes nothing (409)', async () => {
    const { ledger } = await domainModules();
    const { client, userId } = await verifiedUser();
    const creditId = randomUUID();
    expect((await credit(userId, { cash: 500, coins: 100, reason: 'Quiz night winner', creditId })).status).toBe(200);
    const before = await walletOf(client);

    const reversed = await reverse(userId, creditId);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body).toMatchObject({
      message: MSG.prizeReversed,
      data: { creditId, userId, prize: { cash: 500, coins: 100 }, taken: { cash: 500, coins: 100 }, owed: { cash: 0, coins: 0 }, reason: 'Credited to the wrong student' },
    });
    expect(await walletOf(client)).toMatchObject({ totalCash: before.totalCash - 500, totalCoins: before.totalCoins - 100 });
    // Its audit: who reversed it and why, on the compensating entry.
    const entry = (await ledger.listLedger(userId)).find((e) => e.entryId === `prize-reversal#${creditId}`);
    expect(entry).toMatchObject({ kind: 'prize-reversal', coins: -100, cashPaise: -50000, note: 'Credited to the wrong student' });
    expect(entry?.by).toMatch(/^[0-9a-f-]{36}$/);
    expect((await notifications(client))[0]).toMatchObject({ subject: 'Prize taken back' });
    expect((await notifications(client))[0].description).toContain('₹500 and 100 coins credited to you as a prize was taken back: Credited to the wrong student');

    // Reversing twice reverses once; crediting the same creditId again applies nothing.
    expect((await reverse(userId, creditId)).body).toEqual(error(409, MSG.prizeAlreadyReversed));
    expect((await credit(userId, { cash: 500, coins: 100, reason: 'Quiz night winner', creditId })).body.data).toEqual({ creditId, applied: false });
    expect(await walletOf(client)).toMatchObject({ totalCash: before.totalCash - 500, totalCoins: before.totalCoins - 100 });
    expect(await auditOf(userId)).toEqual([]);
  });

  it('never goes below zero: what was spent or withdrawn is a debt the next prize repays first', async () => {
    const { client, userId } = await verifiedUser();
    const creditId = randomUUID();
    expect((await credit(userId, { cash: 100, coins: 300, reason: 'Fantasy league', creditId })).status).toBe(200);
    // 1300 coins: 1200 staked leaves 100; ₹100: ₹60 withdrawn leaves ₹40.
    const [first, second] = await createEvents(operator, 2);
    expect((await client.post('/bet/create-new', coinBet(first, 1000))).status).toBe(201);
    expect((await client.post('/bet/create-new', coinBet(second, 200))).status).toBe(201);
    expect((await client.post('/wallet/create-withdraw', { amount: 60, upiId: 'ananya.rao@okaxis' })).status).toBe(201);
    expect(await walletOf(client)).toMatchObject({ totalCoins: 100, totalCash: 40 });

    const reversed = await reverse(userId, creditId);
    expect(reversed.body.data).toMatchObject({ prize: { cash: 100, coins: 300 }, taken: { cash: 40, coins: 100 }, owed: { cash: 60, coins: 200 } });
    expect(await walletOf(client)).toMatchObject({ totalCoins: 0, totalCash: 0 });
    expect((await notifications(client))[0].description).toContain('₹60 and 200 coins of it you had already used; your next prize pays that back first.');
    expect(await auditOf(userId)).toEqual([]);

    // The next prize repays the debt first (its own entry), the rest reaches the wallet.
    const next = randomUUID();
    expect((await credit(userId, { cash: 80, coins: 250, reason: 'Second place', creditId: next })).body.data).toEqual({ creditId: next, applied: true });
    expect(await walletOf(client)).toMatchObject({ totalCoins: 50, totalCash: 20 });
    expect((await notifications(client))[0].description).toContain('₹60 and 200 coins of it paid back a prize taken back earlier.');
    // Paid back: a further prize reaches the wallet whole.
    expect((await credit(userId, { coins: 10, reason: 'Third place' })).status).toBe(200);
    expect(await walletOf(client)).toMatchObject({ totalCoins: 60, totalCash: 20 });
    expect(await auditOf(userId)).toEqual([]);
  });

  it('refuses an unknown prize (404), a missing reason (400), and anyone but an operator (401, 403)', async () => {
    const { client, userId } = await verifiedUser();
    const creditId = randomUUID();
    expect((await reverse(userId, randomUUID())).body).toEqual(error(404, MSG.prizeNotFound));
    expect((await reverse(randomUUID(), randomUUID())).body).toEqual(error(404, MSG.prizeNotFound));
    expect((await credit(userId, { coins: 20, reason: 'Prize', creditId })).status).toBe(200);
    expect((await reverse(userId, creditId, '')).body).toEqual(error(400, MSG.prizeReversalReasonRequired));
    expect((await reverse(userId, 'not-an-id')).body).toEqual(error(400, MSG.invalidId));
    expect((await reverse(userId, creditId, 'Mine', newClient())).body).toEqual(error(401, MSG.unauthorized));
    expect((await reverse(userId, creditId, 'Mine', client)).body).toEqual(error(403, MSG.forbidden));
    expect(await walletOf(client)).toMatchObject({ totalCoins: 1020 });
  });

  it('reverses once when the same reversal arrives twice at once', async () => {
    const { client, userId } = await verifiedUser();
    const creditId = randomUUID();
    expect((await credit(userId, { cash: 50, reason: 'Doubled tap', creditId })).status).toBe(200);
    const answers = await Promise.all([reverse(userId, creditId), reverse(userId, creditId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await walletOf(client)).toMatchObject({ totalCash: 0 });
    expect(await auditOf(userId)).toEqual([]);
  });
});

describe('PATCH /admin/withdrawals/{id}: the UPI transaction reference', () => {
  it('asks for the UTR by name when it is missing or blank, and says its limit when it is too long', async () => {
    const { client, userId } = await verifiedUser();
    expect((await credit(userId, { cash: 30, reason: 'Prize' })).status).toBe(200);
    expect((await client.post('/wallet/create-withdraw', { amount: 30, upiId: 'asha.k@okbank' })).status).toBe(201);
    const [withdrawal] = (await client.get('/wallet/withdraw-history')).body.data as { _id: string }[];
    const decide = (body: object) => operator.patch(`/admin/withdrawals/${withdrawal._id}`, body);
    expect(MSG.referenceRequired).toContain('UPI transaction reference (UTR)');
    expect((await decide({ status: 'paid' })).body).toEqual(error(400, MSG.referenceRequired));
    expect((await decide({ status: 'paid', reference: '   ' })).body).toEqual(error(400, MSG.referenceRequired));
    expect((await decide({ status: 'paid', reference: '4'.repeat(101) })).body).toEqual(error(400, MSG.referenceTooLong));
    expect((await decide({ status: 'paid', reference: '412345678901' })).body.data).toMatchObject({ status: 'paid', reference: '412345678901' });
  });
});

describe('a withdrawal request tells the operators', () => {
  it('puts a notice in the operator’s inbox, written with the request', async () => {
    const { client, userId } = await verifiedUser();
    const userName = `Payee ${randomUUID().slice(0, 6)}`;
    expect((await client.patch('/user/update-user', { userName })).status).toBeLessThan(300);
    expect((await credit(userId, { cash: 75.5, reason: 'Prize' })).status).toBe(200);
    expect((await client.post('/wallet/create-withdraw', { amount: 75.5, upiId: 'payee@okicici' })).status).toBe(201);
    const notice = (await notifications(operator)).find((n) => n.description.startsWith(userName));
    expect(notice).toEqual(expect.objectContaining({ subject: MSG.withdrawalRequestedSubject }));
    expect(notice?.description).toBe(`${userName} asks for ₹75.50 to payee@okicici. Pay it from Withdrawals in the operator console.`);
    // A refused request (a second one while the first is pending) tells no one.
    expect((await client.post('/wallet/create-withdraw', { amount: 10, upiId: 'payee@okicici' })).status).toBe(409);
    expect((await notifications(operator)).filter((n) => n.description.startsWith(userName))).toHaveLength(1);
  });
});
