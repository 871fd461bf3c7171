// Live notifications of issue 4 in two browser contexts at once: a bettor (A) has the app open while the
// operator (B) works the console. The winner declared in B reaches A within seconds as a toast, a higher
// bell count and more coins; the notification is listed under All and Unreads and is marked read by a
// click. Then a void (refund), a prize, and a withdrawal paid and another rejected, each pushed to A.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import { WELCOME_COINS } from '../../shared/constants.ts';
import { formatDate } from '../../shared/format.ts';
import { createEvent, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const STAKE = 200;
/** A result's notices come from the settlement worker, behind other files' work when two browsers and the suite share the machine. */
const PUSH_TIMEOUT_MS = 20_000;
const coins = (n: number) => new Intl.NumberFormat('en-IN').format(n);

/** Resolves once the page's WebSocket has joined the user's room (the server acknowledges the join). */
const joinedLiveChannel = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"action":"join"') && String(payload).includes('200')) resolve();
      }),
    );
  });

// A test's waits: up to three pushes (PUSH_TIMEOUT_MS each), toasts hiding, axe scans; beside the rest of
// the suite on 2 cores, far more than vitest's default 30 s.
describe.sequential('live notifications', { timeout: 150_000 }, () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let bettor: WatchedPage;
  let operator: WatchedPage;
  let match: { event: AdminEvent; teams: AdminTeam[]; tournamentId: string };
  const email = uniqueEmail();

  beforeAll(async () => {
    browser = await launchBrowser();
    [bettor, operator] = await Promise.all([openPage(browser, baseUrl), openPage(browser, baseUrl)]);
    match = await createEvent(await operatorClient());
    await registerThroughApi(bettor.page, baseUrl, { userName: 'Live Bettor', email, password: 'live-password-1' });
    const login = await operator.page.request.post('/api/v1/user/login-user', { data: OPERATOR });
    expect(login.status()).toBe(200);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const toastIn = (page: Page, text: string | RegExp) => page.locator('.notistack-SnackbarContainer').getByText(text);
  const walletButton = (balance: number) => bettor.page.getByRole('link', { name: `Wallet: ${coins(balance)} coins` });
  // The bell is the link to the notifications page; on that page the header's home link bears the screen's name too.
  const bell = (unread: number) =>
    bettor.page
      .getByRole('link', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true })
      .and(bettor.page.locator('[href="/notification"]'));
  const waitForToastsToHide = (page: Page) =>
    expect.poll(() => page.locator('.notistack-SnackbarContainer [role="alert"]').count(), { timeout: 7_000 }).toBe(0);
  const bet = async (event: AdminEvent, teamId: string, amount: number) => {
    const placed = await bettor.page.request.post('/api/v1/bet/create-new', { data: { eventId: event._id, teamId, betWay: 'coin', amount } });
    expect(placed.status()).toBe(201);
  };

  it('shows the toast, the bell count and the coins in the bettor window when the operator declares the winner', async () => {
    const [winner] = match.teams;
    await bet(match.event, winner._id, STAKE);
    const joined = joinedLiveChannel(bettor.page);
    await bettor.page.goto('/home');
    await walletButton(WELCOME_COINS - STAKE).waitFor();
    await bell(1).waitFor(); // the welcome bonus
    await joined;

    await operator.page.goto(`/operator/events?tournamentId=${match.tournamentId}`);
    const card = operator.page.getByRole('article', { name: match.teams.map((team) => team.teamName).join(' versus ') });
    await card.getByRole('button', { name: 'Declare winner' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Declare the winner' });
    await dialog.getByRole('radio', { name: winner.teamName }).check();
    await dialog.getByRole('button', { name: `Declare ${winner.teamName} winner` }).click();
    const declaredAt = Date.now();

    // The win's toast says how much was won.
    await toastIn(bettor.page, 'You won your bet!').waitFor({ timeout: PUSH_TIMEOUT_MS });
    await toastIn(bettor.page, /coins were added to your wallet/).waitFor({ timeout: PUSH_TIMEOUT_MS });
    expect(Date.now() - declaredAt).toBeLessThan(PUSH_TIMEOUT_MS);
    await bell(2).waitFor();
    await walletButton(WELCOME_COINS - STAKE + Math.floor(STAKE * 1.5)).waitFor();
    await snap(bettor.page, 'live-notification-toast');
    await operator.page.getByText('Decided (1)').click(); // the decided matches are folded away
    await card.getByText(`Winner: ${winner.teamName}`).waitFor();
  });

  it('lists the notification under All and Unreads, grouped by date, and marks it read on a click', async () => {
    const page = bettor.page;
    await bell(2).click();
    await page.waitForURL(/\/notification\?filter=all$/);
    const today = page.getByRole('region', { name: formatDate(new Date()) });
    await today.getByText('You won your bet!').waitFor();
    await today.getByText('Welcome bonus').waitFor();
    await waitForToastsToHide(page);
    await snap(page, 'notifications-all');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Unreads' }).click();
    await page.waitForURL(/filter=unreads$/);
    const won = page.getByRole('button', { name: /You won your bet!/ });
    await won.waitFor();
    await snap(page, 'notifications-unreads');
    expect(await accessibilityProblems(page)).toEqual([]);
    await won.click();
    await won.waitFor({ state: 'detached' });
    await bell(1).waitFor();

    await page.getByRole('button', { name: /Welcome bonus/ }).click();
    await page.getByText('No Notifications found').waitFor();
    await bell(0).waitFor();
    await snap(page, 'notifications-empty');

    await page.goto('/notification');
    await page.waitForURL(/filter=all$/);
    await page.getByText('You won your bet!').waitFor();
    await expect(page.getByRole('button', { name: /You won your bet!/ }).count()).resolves.toBe(0);
  });

  it('refunds the stake of a voided match, with a notification', async () => {
    const voided = await createEvent(await operatorClient(), { tournamentId: match.tournamentId });
    const before = WELCOME_COINS - STAKE + Math.floor(STAKE * 1.5);
    await bet(voided.event, voided.teams[1]._id, 100);
    await bettor.page.goto('/home');
    await walletButton(before - 100).waitFor();

    await operator.page.goto(`/operator/events?tournamentId=${match.tournamentId}`);
    const card = operator.page.getByRole('article', { name: voided.teams.map((team) => team.teamName).join(' versus ') });
    await card.getByRole('button', { name: 'Void' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Void this match?' });
    await snap(operator.page, 'operator-void-match');
    await dialog.getByRole('button', { name: 'Void match' }).click();

    await toastIn(bettor.page, 'Event cancelled: stake refunded').waitFor({ timeout: PUSH_TIMEOUT_MS });
    await walletButton(before).waitFor();
    await bell(1).waitFor();
  });

  it('credits a prize found by email, then pays one withdrawal and rejects another', async () => {
    const page = operator.page;
    await page.goto('/operator/users');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Find a user by email or name').waitFor();
    await page.getByLabel('Email or name').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Live Bettor' }).waitFor();
    await page.getByRole('button', { name: 'Credit a prize to Live Bettor' }).click();
    const credit = page.getByRole('dialog', { name: 'Credit a prize' });
    await credit.getByRole('button', { name: 'Credit prize' }).click();
    await credit.getByRole('alert').waitFor(); // the server names what is missing
    await credit.getByLabel('Rupees').fill('150');
    await credit.getByLabel('Reason').fill('Quiz night winner');
    await snap(page, 'operator-credit-prize');
    expect(await accessibilityProblems(page)).toEqual([]);
    await credit.getByRole('button', { name: 'Credit prize' }).click();
    await credit.getByRole('button', { name: 'Yes, credit ₹150' }).click(); // the confirmation repeats who and how much
    await credit.waitFor({ state: 'detached' });
    await toastIn(bettor.page, 'Prize credited').waitFor({ timeout: PUSH_TIMEOUT_MS });
    await page.getByRole('listitem').filter({ hasText: email }).getByText(/Rupees\s*150$/).waitFor();
    await waitForToastsToHide(page);
    await snap(page, 'operator-users');
    expect(await accessibilityProblems(page)).toEqual([]);

    const withdraw = async (amount: number) => {
      const answer = await bettor.page.request.post('/api/v1/wallet/create-withdraw', { data: { amount, upiId: 'live.bettor@okbank' } });
      expect(answer.status()).toBe(201);
    };
    await withdraw(100);
    await page.goto('/operator/withdrawals');
    await page.waitForURL(/status=pending$/);
    await page.getByRole('button', { name: "Mark Live Bettor's withdrawal paid" }).click();
    const pay = page.getByRole('dialog', { name: 'Mark as paid' });
    await pay.getByText('Send ₹100 to live.bettor@okbank first', { exact: false }).waitFor();
    await pay.getByLabel('UPI transaction reference (UTR)').fill('UPI-4471-2290');
    await pay.getByRole('button', { name: 'Mark paid' }).click();
    await toastIn(bettor.page, 'Withdrawal paid').waitFor({ timeout: PUSH_TIMEOUT_MS });
    await page.getByRole('link', { name: 'Paid' }).click();
    await page.getByText('UPI-4471-2290').waitFor();
    await snap(page, 'operator-withdrawals-paid');

    await withdraw(50);
    await page.getByRole('link', { name: 'Pending', exact: true }).click();
    await page.getByRole('button', { name: "Reject Live Bettor's withdrawal" }).click();
    const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await reject.getByLabel('Reason').fill('UPI id could not be verified');
    await snap(page, 'operator-reject-withdrawal');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await toastIn(bettor.page, 'Withdrawal rejected').waitFor({ timeout: PUSH_TIMEOUT_MS });
    await page.getByRole('button', { name: "Reject Live Bettor's withdrawal" }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Rejected' }).click();
    await page.getByText('UPI id could not be verified').waitFor();
    await waitForToastsToHide(page);
    await snap(page, 'operator-withdrawals');
    expect(await accessibilityProblems(page)).toEqual([]);

    expect(bettor.problems).toEqual([]);
    expect(operator.problems).toEqual([]);
  });
});
