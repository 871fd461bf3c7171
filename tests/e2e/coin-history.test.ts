// Issue 13 §4 in Chromium with the browser in India (timezoneId Asia/Kolkata): a match at 09:30 UTC shows
// as 15:00 IST; the wallet's coin history (skeleton while the API is slow, the balance chart, the
// entries in IST, Load more); the profile's bet list skeleton and the share button of a won bet (the
// copy-link fallback: this Chromium has no share sheet); the notifications skeleton and 'Mark all as read'.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { MSG } from '../../shared/messages.ts';
import { createEvent, domainModules, operatorClient } from '../integration/game-flows.ts';
import { waitFor } from '../integration/settlement-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const PRIZES = 22;
/** How long the tests hold an API answer, so the skeleton that stands in for it can be seen. */
const SLOW_API_MS = 1_500;

/** Tomorrow at 09:30 UTC: 15:00 in India. */
const tomorrowAt0930Utc = () => `${new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10)}T09:30:00.000Z`;

describe.sequential('coin history, time zone, skeletons, mark all read and sharing a win', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let watched: WatchedPage;
  let page: Page;
  let userId: string;
  let match: Awaited<ReturnType<typeof createEvent>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' });
    page = watched.page;
    await watched.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const operator = await operatorClient();
    match = await createEvent(operator, { time: tomorrowAt0930Utc() });
    await registerThroughApi(page, baseUrl, { userName: 'History Bettor', email: uniqueEmail(), password: 'history-password-1' });
    userId = (await (await page.request.get('/api/v1/user/current-user')).json()).data._id;

    // A bet that wins, and enough prizes for a second page of history (20 a page).
    const [winner] = match.teams;
    const placed = await page.request.post('/api/v1/bet/create-new', { data: { eventId: match.event._id, teamId: winner._id, betWay: 'coin', amount: 100 } });
    expect(placed.status()).toBe(201);
    const { wallet } = await domainModules();
    for (let i = 1; i <= PRIZES; i++) await wallet.creditPrize(userId, { coins: i * 10, cashPaise: 0, reason: `Quiz round ${i}`, creditId: randomUUID() });
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  /** Holds each answer of the API path for SLOW_API_MS; returns the function that stops doing so. */
  async function slowDown(path: string): Promise<() => Promise<void>> {
    const pattern = `**/api/v1${path}**`;
    const hold = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_API_MS));
      await route.continue().catch(() => {});
    };
    await page.route(pattern, hold);
    return () => page.unroute(pattern, hold);
  }

  it("shows the match time in the device's zone: 15:00 IST for 09:30 UTC", async () => {
    await page.goto(`/events?tournamentId=${match.tournamentId}`);
    const card = page.getByRole('article', { name: match.teams.map((team) => team.teamName).join(' versus ') });
    await card.getByText('15:00 IST').waitFor();
    expect(await card.getByText(/UTC/).count()).toBe(0);
  });

  it('shows skeletons while the wallet loads, then the coin history with its chart, IST times and Load more', async () => {
    const [winner] = match.teams;
    const operator = await operatorClient();
    expect((await operator.post(`/admin/events/${match.event._id}/result`, { winnerTeamId: winner._id })).status).toBe(202);
    await waitFor(
      async () => (await (await page.request.get('/api/v1/wallet/ledger')).json()).data.entries.map((entry: { kind: string }) => entry.kind),
      (kinds: string[]) => kinds.includes('payout'),
    );

    const fast = await slowDown('/wallet/ledger');
    await page.goto('/wallet');
    const skeleton = page.getByRole('status', { name: 'Loading coin history' });
    await skeleton.waitFor();
    await snap(page, 'wallet-skeleton');
    await fast();

    const history = page.getByRole('region', { name: 'Coin history' });
    const table = history.getByRole('table', { name: 'Coin history, newest first' });
    await table.waitFor();
    expect(await skeleton.count()).toBe(0);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(20);
    // Newest first: the payout heads the list, with its time in IST and a link to the bet's receipt.
    await expect(rows.first().textContent()).resolves.toMatch(/\d{2}:\d{2} IST.*Bet won/);
    await rows.first().getByRole('link', { name: 'Bet receipt' }).waitFor();
    await history.getByRole('img', { name: /^Coins balance over time From 1,000 coins on/ }).waitFor();
    expect(await history.locator('.balance-chart-point').count()).toBe(20);
    await snap(page, 'wallet-coin-history');
    expect(await accessibilityProblems(page)).toEqual([]);

    await history.getByRole('button', { name: 'Load more' }).click();
    // 22 prizes, the bet, its payout and the welcome bonus.
    await expect.poll(() => rows.count()).toBe(PRIZES + 3);
    expect(await history.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await expect(rows.last().textContent()).resolves.toContain('Welcome bonus');
    expect(await history.locator('.balance-chart-point').count()).toBe(PRIZES + 3);
  });

  it("shows a skeleton for the profile's bets, and a won bet shares a public link (copied, 'Link copied')", async () => {
    const fast = await slowDown('/bet/get-betlist');
    await page.goto(`/profile/${userId}`);
    await page.getByRole('status', { name: 'Loading bets' }).waitFor();
    await snap(page, 'profile-bets-skeleton');
    await fast();

    const [winner] = match.teams;
    const share = page.getByRole('button', { name: `Share your win on ${winner.teamName}` });
    await share.click();
    await page.locator('.notistack-SnackbarContainer').getByText(MSG.linkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/leaderboard?boardFor=bettors`);
    await snap(page, 'profile-share-win');
  });

  it("shows a skeleton for notifications, and 'Mark all as read' empties Unreads and clears the bell's count", async () => {
    const unread = (await (await page.request.get('/api/v1/user/current-user')).json()).data.inboxCount;
    expect(unread).toBe(PRIZES + 2);
    const fast = await slowDown('/user/notification-list');
    await page.goto('/notification?filter=unreads');
    await page.getByRole('status', { name: 'Loading notifications' }).waitFor();
    await snap(page, 'notifications-skeleton');
    await fast();

    await page.getByRole('link', { name: `Notifications, ${unread} unread` }).waitFor();
    await page.getByRole('button', { name: /Quiz round 22/ }).waitFor();
    await page.getByText(/Times are IST\./).waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.locator('.notistack-SnackbarContainer').getByText(MSG.allNotificationsRead).waitFor();
    // The bell: no count in its name any more (the header's title says Notifications too).
    await page.getByRole('banner').getByLabel('Notifications', { exact: true }).waitFor();
    await page.getByText('No Notifications found').waitFor();
    expect(await page.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    await snap(page, 'notifications-all-read');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  // Issue 22 §9: a prize in rupees is no row of the coins balance, and a paid withdrawal shows the UPI id
  // and the payment reference a bank statement shows.
  it('keeps rupees out of the coins history, and shows where a withdrawal went and its payment reference', async () => {
    const { wallet } = await domainModules();
    await wallet.creditPrize(userId, { coins: 0, cashPaise: 15_000, reason: 'Quiz final', creditId: randomUUID() });
    const requested = await page.request.post('/api/v1/wallet/create-withdraw', { data: { amount: 100, upiId: 'history.bettor@okaxis' } });
    expect(requested.status()).toBe(201);
    const withdrawalId = (await requested.json()).data._id;
    const operator = await operatorClient();
    expect((await operator.patch(`/admin/withdrawals/${withdrawalId}`, { status: 'paid', reference: '412345678901' })).status).toBe(200);

    await page.goto('/wallet');
    const history = page.getByRole('region', { name: 'Coin history' });
    const coins = history.getByRole('table', { name: 'Coin history, newest first' });
    await coins.waitFor();
    // The newest coin entry is still the payout: neither the cash prize nor the withdrawal is a coins row.
    await expect(coins.locator('tbody tr').first().textContent()).resolves.toContain('Bet won');
    expect(await coins.textContent()).not.toContain('₹');
    await history.getByRole('button', { name: 'Coins', pressed: true }).waitFor();

    await history.getByRole('button', { name: 'Cash (₹)' }).click();
    const cash = history.getByRole('table', { name: 'Cash history in rupees, newest first' });
    const cashRows = cash.locator('tbody tr');
    await expect.poll(() => cashRows.count()).toBe(2);
    await expect(cashRows.nth(0).textContent()).resolves.toMatch(/Withdrawal.*See order.*−₹100.*₹50/);
    await expect(cashRows.nth(1).textContent()).resolves.toMatch(/Prize.*Quiz final.*\+₹150.*₹150/);
    expect(await history.getByRole('img', { name: /Coins balance over time/ }).count()).toBe(0);
    await snap(page, 'wallet-cash-history');
    expect(await accessibilityProblems(page)).toEqual([]);

    const order = page.getByRole('region', { name: 'Order history' }).locator(`#order-${withdrawalId}`);
    await order.getByText('history.bettor@okaxis').waitFor();
    await order.getByText('412345678901').waitFor();
    await expect(order.textContent()).resolves.toMatch(/To history\.bettor@okaxis.*UPI ref 412345678901 · paid/);
    await order.scrollIntoViewIfNeeded();
    await snap(page, 'wallet-order-paid');
    expect(watched.problems).toEqual([]);
  });
});
