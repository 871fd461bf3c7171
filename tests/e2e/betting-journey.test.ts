// The betting journey of issue 3, clicked through in Chromium: home with its tournaments, the events of
// one (open, paused, finished), the betting-mode popup, a coin bet and its confirmation, the bet on the
// profile, the balance in the wallet and the header, the cash notice, withdrawing disabled at ₹0 and
// checked once there is a prize, both leaderboards, and the error paths (invalid query, double bet).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WELCOME_COINS, WITHDRAW_MIN_RUPEES } from '../../shared/constants.ts';
import { formatDate } from '../../shared/format.ts';
import { MSG } from '../../shared/messages.ts';
import { createTestCatalog, creditPrize, type TestCatalog } from './betting-setup.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const STAKE = 120;
const coins = (n: number) => new Intl.NumberFormat('en-IN').format(n);

describe.sequential('betting journey', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  let catalog: TestCatalog;
  let createBetUrl: string;
  let userId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
    catalog = await createTestCatalog();
    await registerThroughApi(page, baseUrl, { userName: 'Kavya Bettor', email: uniqueEmail(), password: 'betting-password-1' });
    userId = (await (await page.request.get('/api/v1/user/current-user')).json()).data._id;
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const walletButton = (balance: number) => page.getByRole('link', { name: `Wallet: ${coins(balance)} coins` });
  const eventCard = (home: string, away: string) => page.getByRole('article', { name: `${home} versus ${away}` });
  const waitForToastsToHide = () =>
    expect.poll(() => page.locator('.notistack-SnackbarContainer [role="alert"]').count(), { timeout: 7_000 }).toBe(0);

  it('shows the welcome coins and the tournament cards with their countdown', async () => {
    await page.goto('/home');
    await walletButton(WELCOME_COINS).waitFor();
    const card = page.getByRole('link', { name: new RegExp(catalog.title) });
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/2 ongoing events/);
    // The catalog's third match is over: the card counts it apart from the two to come.
    await card.getByText('2 upcoming · 1 finished').waitFor();
    await expect(card.textContent()).resolves.toMatch(/Starts in 00 days, 0[23] hours, \d\d minutes/);
    await snap(page, 'home-tournaments');
    expect(await accessibilityProblems(page)).toEqual([]);
    await card.click();
    await page.waitForURL(/\/events\?tournamentId=/);
  });

  it('lists the matches: open with bids, paused and finished', async () => {
    await page.getByRole('heading', { name: 'Upcoming Matches' }).waitFor();
    const { falcons, tigers, rhinos, owls } = catalog.teams;
    const open = eventCard(falcons.teamName, tigers.teamName);
    await open.getByRole('button', { name: `Place bid on ${falcons.teamName}` }).waitFor();
    await open.getByRole('button', { name: `Place bid on ${tigers.teamName}` }).waitFor();
    await open.getByText('Rank #1').first().waitFor();
    await open.getByText('Asha, Ravi').first().waitFor();
    await open.getByText(formatDate(catalog.openEvent.time)).waitFor();

    const paused = eventCard(rhinos.teamName, owls.teamName);
    await paused.getByText('OOps!! Bet paused').waitFor();
    // No bids on a paused match: its one button is the share button every card has.
    await expect(paused.getByRole('button').count()).resolves.toBe(1);
    await paused.getByRole('button', { name: `Share ${rhinos.teamName} vs ${owls.teamName}` }).waitFor();

    const finished = eventCard(tigers.teamName, rhinos.teamName);
    await finished.getByText('Match Over').waitFor();
    await finished.getByText(`Winner: ${tigers.teamName}`).waitFor();
    await snap(page, 'events');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('opens the betting-mode popup, which closes on Escape and shows the cash notice', async () => {
    const { falcons, tigers } = catalog.teams;
    const bidButton = eventCard(falcons.teamName, tigers.teamName).getByRole('button', { name: `Place bid on ${falcons.teamName}` });
    const dialog = page.getByRole('dialog', { name: 'Select betting mode' });

    await bidButton.click();
    await dialog.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await bidButton.click();
    await dialog.getByText(`Your bid is on ${falcons.teamName}.`).waitFor();
    await snap(page, 'betting-mode-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Use cash' }).click();
    await page.getByText(MSG.cashNotice).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await snap(page, 'cash-notice');
  });

  it('places a coin bet and shows its confirmation', async () => {
    await waitForToastsToHide();
    const { falcons, tigers } = catalog.teams;
    await eventCard(falcons.teamName, tigers.teamName).getByRole('button', { name: `Place bid on ${falcons.teamName}` }).click();
    await page.getByRole('dialog', { name: 'Select betting mode' }).getByRole('button', { name: 'Use coins' }).click();
    await page.waitForURL(/\/create-bet\?/);
    createBetUrl = page.url();
    const query = new URL(createBetUrl).searchParams;
    expect(Object.fromEntries(query)).toEqual({ mode: 'coin', teamId: falcons._id, eventId: catalog.openEvent._id, team: falcons.teamName });

    await page.getByRole('heading', { name: `Initiate betting on ${falcons.teamName}` }).waitFor();
    await page.getByText(`You have ${coins(WELCOME_COINS)} available on your wallet`).waitFor();
    const amount = page.getByLabel('Amount (coins)');
    expect(await amount.inputValue()).toBe('50');
    await page.getByRole('link', { name: 'terms & conditions' }).waitFor();
    await snap(page, 'create-bet');
    expect(await accessibilityProblems(page)).toEqual([]);

    await amount.fill('5');
    await page.getByRole('button', { name: 'Confirm betting' }).click();
    // Said in the toast and next to the field.
    await page.locator('.notistack-SnackbarContainer').getByText(MSG.minBet).waitFor();
    await page.locator('.field-error').getByText(MSG.minBet).waitFor();

    await amount.fill(String(STAKE));
    await page.getByRole('button', { name: 'Confirm betting' }).click();
    await page.waitForURL(/\/confirm-betting\?id=/);
    await page.getByRole('img', { name: 'Bet placed' }).waitFor();
    await page.getByRole('heading', { name: `Successfully betting of ${STAKE} coins` }).waitFor();
    const transactionId = await page.locator('.receipt-id').textContent();
    expect(transactionId?.trim()).toMatch(/^[\w-]{8,}$/);
    await page.getByText(formatDate(new Date())).waitFor();
    // The second illustration replaces the first after 1.5 s.
    await page.getByRole('img', { name: 'Your bet ticket' }).waitFor();
    await walletButton(WELCOME_COINS - STAKE).waitFor();
    await waitForToastsToHide();
    await snap(page, 'confirm-betting');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Sharing that fails (or a browser without the Web Share API) says so.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: () => Promise.reject(new Error('share refused')) });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText(MSG.unableToShare).waitFor();
    await page.getByRole('link', { name: 'Return home' }).click();
    await page.waitForURL(/\/home$/);
  });

  it('shows the bet as pending under Previous Bettings on the profile', async () => {
    await page.goto(`/profile/${userId}`);
    await page.getByRole('heading', { name: 'Previous Bettings' }).waitFor();
    const bet = page.getByRole('listitem').filter({ hasText: catalog.teams.falcons.teamName });
    await bet.getByText('In play').waitFor();
    await expect(bet.locator('.bet-item-amount').getAttribute('class')).resolves.toContain('tone-pending');
    await expect(bet.locator('.bet-item-amount').textContent()).resolves.toMatch(new RegExp(`^${STAKE}\\s*coins`));
    await snap(page, 'profile-bets');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('shows the coins gone down in the wallet, with no orders yet', async () => {
    await walletButton(WELCOME_COINS - STAKE).click();
    await page.waitForURL(/\/wallet$/);
    const stat = (label: string) => page.locator('.wallet-stat', { hasText: label }).locator('dd');
    await expect.poll(() => stat('Available coins').textContent()).toBe(coins(WELCOME_COINS - STAKE));
    expect(await stat('Current balance').textContent()).toBe('0');
    await page.getByText('No history found').waitFor();
    await snap(page, 'wallet');
  });

  it('disables the withdrawal with its reason while the cash balance is 0', async () => {
    await page.getByRole('link', { name: 'Withdraw Money' }).click();
    await page.waitForURL(/\/withdraw$/);
    expect(await page.getByLabel('Amount (rupees)').inputValue()).toBe(String(WITHDRAW_MIN_RUPEES));
    expect(await page.getByLabel('UPI id').getAttribute('placeholder')).toBe('someone@provider');
    await page.getByText('within 24 hours').waitFor();
    await page.getByText('You can withdraw up to ₹0 now.').waitFor();
    const submit = page.getByRole('button', { name: 'Complete withdrawl' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await expect(submit.getAttribute('aria-describedby')).resolves.toBe('withdraw-blocked');
    await snap(page, 'withdraw-nothing');
  });

  it('checks the withdraw form once there is a cash prize, refuses more than it, and lists the pending order', async () => {
    await creditPrize(userId, 100);
    await page.reload();
    await page.locator('.withdraw-balance', { hasText: '100' }).waitFor();
    const amount = page.getByLabel('Amount (rupees)');
    const upi = page.getByLabel('UPI id');
    const submit = page.getByRole('button', { name: 'Complete withdrawl' });
    await expect.poll(() => submit.isEnabled()).toBe(true);

    await submit.click();
    await page.getByText(MSG.invalidUpi).waitFor();
    await amount.fill('5');
    await upi.fill('kavya@okaxis');
    await submit.click();
    await page.getByText(MSG.minWithdraw).waitFor();
    await amount.fill('250');
    await submit.click();
    await page.getByText(MSG.notEnoughWallet).waitFor();
    await snap(page, 'withdraw');

    await amount.fill('25.5');
    await submit.click();
    await page.getByText(MSG.withdrawSent).waitFor();
    await page.waitForURL(/\/wallet$/);
    const order = page.getByRole('region', { name: 'Order history' }).getByRole('listitem').first();
    await order.getByText('pending').waitFor();
    await order.getByText('₹25.50').waitFor();
    await page.locator('.wallet-stat', { hasText: 'Current balance' }).getByText('74.50').waitFor();
    await waitForToastsToHide();
    await snap(page, 'wallet-orders');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('shows the bet already placed instead of a second form, and the server refuses a second bet', async () => {
    await waitForToastsToHide();
    await page.goto(createBetUrl);
    await page.getByRole('heading', { name: 'Your bet on this match' }).waitFor();
    await expect(page.getByRole('button', { name: 'Confirm betting' }).count()).resolves.toBe(0);
    const second = await page.request.post('/api/v1/bet/create-new', { data: { eventId: catalog.openEvent._id, teamId: catalog.teams.falcons._id, betWay: 'coin', amount: STAKE } });
    expect([second.status(), ((await second.json()) as { message: string }).message]).toEqual([402, MSG.alreadyBet]);
    await walletButton(WELCOME_COINS - STAKE).waitFor();
  });

  it('says betting is paused on a paused match, with no form to confirm and the way back, and the terms say why', async () => {
    await waitForToastsToHide();
    const { rhinos } = catalog.teams;
    await page.goto(`/create-bet?mode=coin&teamId=${rhinos._id}&eventId=${catalog.pausedEvent._id}&team=${encodeURIComponent(rhinos.teamName)}`);
    await page.getByText('Betting on this match is paused for now.').waitFor();
    expect(await page.getByRole('button', { name: 'Confirm betting' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to the match' }).waitFor();
    await snap(page, 'create-bet-closed');
    await walletButton(WELCOME_COINS - STAKE).waitFor();
    expect(page.url()).toContain('/create-bet?');

    await page.getByRole('link', { name: 'terms & conditions' }).click();
    await page.getByText(/one that arrives as betting closes is not placed, you are told so at once, and no coin leaves your wallet/).waitFor();
    await snap(page, 'terms-closing');
  });

  it('sends invalid bet pages to the catch-all and shows an unknown tournament as empty', async () => {
    for (const path of [
      '/create-bet?mode=card&teamId=a&eventId=b&team=c',
      '/create-bet?mode=coin&teamId=a&team=c',
      '/confirm-betting',
      `/confirm-betting?id=${crypto.randomUUID()}`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }
    await page.goto(`/events?tournamentId=${crypto.randomUUID()}`);
    await page.getByText('No Events found').waitFor();
  });

  it('browses the team and bettor leaderboards', async () => {
    await page.goto('/leaderboard');
    await page.waitForURL(/\/leaderboard\?boardFor=teams$/);
    const firstRow = page.locator('.board-row').first();
    await firstRow.waitFor();
    await expect(firstRow.locator('.board-rank').textContent()).resolves.toBe('#1');
    // The board shows the server's top teams (this file's may be beyond the top 100 after the whole suite):
    // its first row is one of the API's teams with the most trophies (ties are ordered by the page's tie-break).
    const board = (await (await page.request.get('/api/v1/game/team-leaderboard')).json()) as { data: { name: string; trophy: number }[] };
    // Gold once it has won a trophy (no medal for a board of zeros).
    if (board.data[0].trophy > 0) await expect(firstRow.getAttribute('class')).resolves.toContain('medal-gold');
    else await expect(firstRow.getAttribute('class')).resolves.not.toContain('medal-');
    const leaders = board.data.filter((row) => row.trophy === board.data[0].trophy).map((row) => row.name);
    const firstName = await firstRow.locator('.board-name').textContent();
    expect(leaders).toContain(firstName?.trim());
    await snap(page, 'leaderboard-teams');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Bettors' }).click();
    await page.waitForURL(/\/leaderboard\?boardFor=bettors$/);
    // The address changes before the page has drawn the tab it chose: waited for, as a user's eye does.
    await expect.poll(() => page.getByRole('link', { name: 'Bettors' }).getAttribute('aria-current')).toBe('page');
    await page.locator('.board-row, .empty-state').first().waitFor();
    await snap(page, 'leaderboard-bettors');
  });

  it('looks right in the light theme too', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto(`/events?tournamentId=${catalog.tournamentId}`);
    await page.getByText('Match Over').waitFor();
    await snap(page, 'events-light');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.goto('/leaderboard?boardFor=teams');
    await page.locator('.board-row').first().waitFor();
    await snap(page, 'leaderboard-light');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('theme'));
    expect(watched.problems).toEqual([]);
  });

  it('sends a visitor who places a bid to login and back', async () => {
    const visitor = await openPage(browser, baseUrl);
    const eventsUrl = `/events?tournamentId=${catalog.tournamentId}`;
    await visitor.page.goto(eventsUrl);
    const { falcons } = catalog.teams;
    await visitor.page.getByRole('button', { name: `Place bid on ${falcons.teamName}` }).click();
    // Reaching the login page (its chunk loaded on the way) may take longer than a locator's 8 s on a busy machine.
    await visitor.page.waitForURL(/\/auth\/login\?redirect=/, { timeout: 30_000 });
    expect(new URL(visitor.page.url()).searchParams.get('redirect')).toBe(`${baseUrl}${eventsUrl}`);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });
});
