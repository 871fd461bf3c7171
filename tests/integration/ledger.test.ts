// The coin history (GET /wallet/ledger: the caller's ledger newest first, paged, with balances after
// each entry and links) and 'Mark all as read' (PATCH /user/notification-read-all), both of issue 13 §4.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LedgerEntryView, LedgerPage } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient, verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, domainModules, operatorClient } from './game-flows.ts';
import { waitFor, walletOf, WELCOME } from './settlement-flows.ts';

const ledgerPage = async (client: ApiClient, query = ''): Promise<LedgerPage> => {
  const answer = await client.get(`/wallet/ledger${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

/** Every page of the caller's history, `limit` at a time, following the cursors. */
async function allPages(client: ApiClient, limit: number): Promise<LedgerEntryView[][]> {
  const pages: LedgerEntryView[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?${new URLSearchParams({ limit: String(limit), ...(cursor && { cursor }) })}`;
    const page = await ledgerPage(client, query);
    pages.push(page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

async function prize(userId: string, coins: number, reason = 'Quiz night') {
  const { wallet } = await domainModules();
  return wallet.creditPrize(userId, { coins, cashPaise: 0, reason, creditId: randomUUID() });
}

describe('GET /wallet/ledger', () => {
  it("lists the caller's entries newest first: kind, amount, balances after and what each leads to", async () => {
    const operator = await operatorClient();
    const { client, userId } = await verifiedUser();
    const { event } = await createEvent(operator);
    expect((await client.post('/bet/create-new', coinBet(event, 100))).status).toBe(201);
    const { wallet } = await domainModules();
    await wallet.creditPrize(userId, { coins: 30, cashPaise: 2550, reason: 'Quiz night', creditId: randomUUID() });
    const withdrawal = await client.post('/wallet/create-withdraw', { amount: 10, upiId: 'asha.k@okbank' });
    expect(withdrawal.status).toBe(201);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: event.teamIds[0] })).status).toBe(202);
    const { entries, nextCursor } = await waitFor(
      () => ledgerPage(client),
      (page) => page.entries.some((entry) => entry.kind === 'payout'),
    );

    expect(nextCursor).toBeNull();
    expect(entries.map((entry) => entry.kind)).toEqual(['payout', 'withdrawal', 'prize', 'bet', 'welcome']);
    const times = entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const [payout, cashOut, quiz, stake, welcome] = entries;
    expect(welcome).toMatchObject({ _id: 'welcome', coins: WELCOME, cash: 0, coinsAfter: WELCOME, cashAfter: 0, link: null, note: null });
    expect(stake).toMatchObject({ coins: -100, coinsAfter: WELCOME - 100, link: { type: 'bet', eventId: event._id } });
    expect(quiz).toMatchObject({ coins: 30, cash: 25.5, coinsAfter: WELCOME - 70, cashAfter: 25.5, note: 'Quiz night', link: null });
    expect(cashOut).toMatchObject({ coins: 0, cash: -10, cashAfter: 15.5, link: { type: 'withdrawal', withdrawalId: withdrawal.body.data._id } });
    expect(payout).toMatchObject({ link: { type: 'bet', eventId: event._id } });
    expect(payout.coins).toBeGreaterThan(100);
    // The newest entry's balances are the wallet's.
    const now = await walletOf(client);
    expect([payout.coinsAfter, payout.cashAfter]).toEqual([now.totalCoins, now.totalCash]);
  });

  it('pages with a cursor: the pages join up to the whole history, in order, with no entry twice', async () => {
    const { client, userId } = await verifiedUser();
    for (let i = 1; i <= 7; i++) await prize(userId, i);
    const whole = (await ledgerPage(client, '?limit=50')).entries;
    expect(whole).toHaveLength(8);

    const pages = await allPages(client, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(pages.flat()).toEqual(whole);
    // The default page is 20 entries: all 8 here.
    expect((await ledgerPage(client)).entries).toEqual(whole);
  });

  it("never shows another user's entries, whatever the query says; 401 without a session", async () => {
    const asha = await verifiedUser();
    const ravi = await verifiedUser();
    await prize(ravi.userId, 5, 'Ravi only');
    const seen = [
      ...(await ledgerPage(asha.client)).entries,
      ...(await ledgerPage(asha.client, `?${new URLSearchParams({ userId: ravi.userId })}`)).entries,
    ];
    expect(seen.map((entry) => entry.kind)).toEqual(['welcome', 'welcome']);
    expect(seen.some((entry) => entry.note === 'Ravi only')).toBe(false);
    expect((await ledgerPage(ravi.client)).entries.map((entry) => entry.note)).toEqual(['Ravi only', null]);
    expect((await newClient().get('/wallet/ledger')).status).toBe(401);
  });

  it('answers 400 with a message to a bad cursor or limit, never a 500', async () => {
    const { client } = await verifiedUser();
    const refused = async (query: Record<string, string>, message: string) => {
      const answer = await client.get(`/wallet/ledger?${new URLSearchParams(query)}`);
      expect(answer.body, JSON.stringify(query)).toEqual({ statusCode: 400, message, success: false });
    };
    for (const cursor of ['garbage', '', '2024-13-45T10:00:00.000Z_welcome', '2024-01-05T10:00:00.000Z_', `2024-01-05T10:00:00.000Z_${'x'.repeat(201)}`, '2024-01-05T10:00:00.000Z_a b']) {
      await refused({ cursor }, MSG.ledgerCursorInvalid);
    }
    for (const limit of ['0', '51', '-1', '2.5', 'ten', '']) await refused({ limit }, MSG.ledgerLimitInvalid);
    // A well-formed cursor naming no entry still pages by its position: past the oldest entry, nothing.
    expect(await ledgerPage(client, `?${new URLSearchParams({ cursor: '2000-01-01T00:00:00.000Z_welcome' })}`)).toEqual({ entries: [], nextCursor: null });
  });
});

describe('PATCH /user/notification-read-all', () => {
  const inboxCount = async (client: ApiClient) => (await client.get('/user/current-user')).body.data.inboxCount;
  const unreadList = async (client: ApiClient) => (await client.get('/user/notification-list?filter=unreads')).body.data;

  it('marks more than a page of unread notifications read and the unread count drops to 0; again marks nothing', async () => {
    const { client, userId } = await verifiedUser();
    // The welcome notice and 59 prizes: 60 unread, more than one batch of 50.
    for (let i = 0; i < 59; i++) await prize(userId, 1);
    expect(await inboxCount(client)).toBe(60);

    const answer = await client.patch('/user/notification-read-all');
    expect(answer.body).toEqual({ statusCode: 200, data: { marked: 60, unread: 0 }, message: MSG.allNotificationsRead, success: true });
    expect(await inboxCount(client)).toBe(0);
    expect(await waitFor(() => unreadList(client), (groups) => groups.length === 0)).toEqual([]);
    const all = (await client.get('/user/notification-list')).body.data;
    expect(all.flatMap((group: { notifications: { isReaded: boolean }[] }) => group.notifications).every((n: { isReaded: boolean }) => n.isReaded)).toBe(true);

    expect((await client.patch('/user/notification-read-all')).body.data).toEqual({ marked: 0, unread: 0 });
  });

  it('counts each notification once when two calls race, and touches only the caller', async () => {
    const asha = await verifiedUser();
    const ravi = await verifiedUser();
    for (let i = 0; i < 9; i++) await prize(asha.userId, 1);
    const answers = await Promise.all([asha.client.patch('/user/notification-read-all'), asha.client.patch('/user/notification-read-all')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.body.data.marked, 0)).toBe(10);
    expect(await inboxCount(asha.client)).toBe(0);
    expect(await inboxCount(ravi.client)).toBe(1);
    expect((await newClient().patch('/user/notification-read-all')).status).toBe(401);
  });
});
