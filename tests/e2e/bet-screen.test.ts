// The bet screen and the broke bettor (issue 22 §4-§6), on a phone in India's time zone: the screen names
// the match (teams, tournament, start) and what a win pays as the amount changes, with quick amounts and
// a refused amount explained next to the field; the receipt names the match; back from the receipt shows
// the placed bet, never a second form; a bettor out of coins is offered the daily coins on the matches
// pages and the bet screen, and claiming them on the wallet updates the coin history and its chart at once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminEvent } from '#shared/api.ts';
import { ALLOWANCE_FLOOR, COIN_BET_MAX, WELCOME_COINS } from '#shared/constants.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { createEvent, operatorClient } from '../integration/game-flows.ts';
import { createTestCatalog, type TestCatalog } from './betting-setup.ts';
import { accessibilityProblems, holdSocketMessages, launchBrowser, pushWitness, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const ZONE = 'Asia/Kolkata';
const coins = (n: number) => new Intl.NumberFormat('en-IN').format(n);

describe.sequential('the bet screen and the broke bettor', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  let catalog: TestCatalog;
  /** Open matches of another tournament: one to go broke on, one to claim and bet on, one to find no coins for. */
  let spare: AdminEvent[];

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl, { timezoneId: ZONE });
    page = watched.page;
    catalog = await createTestCatalog();
    const operator = await operatorClient();
    const first = await createEvent(operator);
    spare = [first.event];
    for (let i = 0; i < 3; i++) spare.push((await createEvent(operator, { tournamentId: first.tournamentId })).event);
    await registerThroughApi(page, baseUrl, { userName: 'Kavya Bettor', email: uniqueEmail(), password: 'betting-password-1' });
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const walletButton = (balance: number) => page.getByRole('link', { name: `Wallet: ${coins(balance)} coins` });
  const toasts = () => page.locator('.notistack-SnackbarContainer');
  const waitForToastsToHide = () => expect.poll(() => page.locator('.notistack-SnackbarContainer [role="alert"]').count(), { timeout: 7_000 }).toBe(0);
  const betUrl = (event: { _id: string }, teamId: string | undefined, team: string) =>
    `/create-bet?${new URLSearchParams({ mode: 'coin', teamId: teamId ?? '', eventId: event._id, team })}`;
  const placeThroughApi = async (event: AdminEvent, amount: number) => {
    const answer = await page.request.post('/api/v1/bet/create-new', { data: { eventId: event._id, teamId: event.teamIds[0], betWay: 'coin', amount } });
    expect(answer.status()).toBe(201);
  };

  it('names the match (teams, tournament, start in the device zone) and what a win pays as the amount changes', async () => {
    const { falcons } = catalog.teams;
    await page.goto(betUrl(catalog.openEvent, falcons._id, falcons.teamName));
    await page.getByRole('heading', { name: `Initiate betting on ${falcons.teamName}` }).waitFor();
    await page.getByText(`${falcons.teamName} vs ${catalog.teams.tigers.teamName}`).waitFor();
    await page.getByText(catalog.title).waitFor();
    const start = `${formatDate(catalog.openEvent.time, ZONE)}, ${formatTimeWithZone(catalog.openEvent.time, ZONE)}`;
    expect(start).toContain('IST');
    await page.getByText(start).waitFor();

    const amount = page.getByLabel('Amount (coins)');
    const winnings = page.locator('.bet-winnings');
    expect(await amount.inputValue()).toBe('50');
    await expect.poll(() => winnings.textContent()).toBe(`If ${falcons.teamName} wins you get 75 coins (1.5× your stake).`);
    await amount.fill('333');
    await expect.poll(() => winnings.textContent()).toContain('499 coins');

    const quick = page.getByRole('group', { name: 'Quick amounts' });
    const chips = await quick.getByRole('button').allTextContents();
    expect(chips).toEqual(['100', '250', '500', `Max ${coins(WELCOME_COINS)}`]);
    await quick.getByRole('button', { name: `Max ${coins(WELCOME_COINS)}` }).click();
    expect(await amount.inputValue()).toBe(String(WELCOME_COINS));
    await expect.poll(() => winnings.textContent()).toContain(`${coins(1500)} coins`);
    await quick.getByRole('button', { name: '250', exact: true }).click();
    expect(await amount.inputValue()).toBe('250');
    await expect(quick.getByRole('button', { name: '250', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect.poll(() => winnings.textContent()).toContain('375 coins');
    await snap(page, 'bet-screen');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('explains a refused amount next to the field as well as in the toast, until it is changed', async () => {
    const amount = page.getByLabel('Amount (coins)');
    const confirm = page.getByRole('button', { name: 'Confirm betting' });
    const fieldError = page.locator('.field-error');

    await amount.fill('5');
    await confirm.click();
    await expect.poll(() => fieldError.textContent()).toBe(MSG.minBet);
    await toasts().getByText(MSG.minBet).waitFor();
    await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
    // The field's description names the problem for a screen reader.
    const describedBy = (await amount.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await fieldError.getAttribute('id'));

    await amount.fill('60');
    await expect(fieldError.count()).resolves.toBe(0);

    // More than the wallet holds.
    await amount.fill('1200');
    await confirm.click();
    await expect.poll(() => fieldError.textContent()).toBe(MSG.notEnoughCoins);

    // Refused by the server: coin bets are whole coins from 50 to 1000.
    await amount.fill('45');
    await confirm.click();
    await expect.poll(() => fieldError.textContent()).toBe(MSG.betAmountOutOfRange);
    await toasts().getByText(MSG.betAmountOutOfRange).waitFor();
    await walletButton(WELCOME_COINS).waitFor();
    await snap(page, 'bet-screen-refused');
    expect(await accessibilityProblems(page)).toEqual([]);
    await waitForToastsToHide();
  });

  it('names the match on the receipt, with the team backed and what it pays if it wins', async () => {
    await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '250', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm betting' }).click();
    await page.waitForURL(/\/confirm-betting\?id=/);
    await page.getByRole('heading', { name: 'Successfully betting of 250 coins' }).waitFor();
    const row = (label: string) => page.locator('.receipt > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
    await expect.poll(() => row('Match').textContent()).toBe(`${catalog.teams.falcons.teamName} vs ${catalog.teams.tigers.teamName}${catalog.title}`);
    expect(await row('Your team').textContent()).toBe(catalog.teams.falcons.teamName);
    expect(await row('Pays if it wins').textContent()).toBe('375 coins');
    await page.getByRole('img', { name: 'Your bet ticket' }).waitFor();
    await waitForToastsToHide();
    await snap(page, 'bet-receipt');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('shows the placed bet, not a second form, back from the receipt and from the other team’s Place bid', async () => {
    await page.goBack();
    await page.waitForURL(/\/create-bet\?/);
    const placed = page.getByRole('region', { name: 'Your bet on this match' });
    await placed.waitFor();
    const fact = (label: string) => placed.locator('.receipt > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
    expect(await fact('Team').textContent()).toBe(catalog.teams.falcons.teamName);
    expect(await fact('Stake').textContent()).toBe('250 coins');
    expect(await fact('Pays if it wins').textContent()).toBe('375 coins');
    expect(await fact('Status').textContent()).toBe('In play');
    await expect(page.getByRole('button', { name: 'Confirm betting' }).count()).resolves.toBe(0);
    await expect(page.getByText(/You have .* available on your wallet/).count()).resolves.toBe(0);
    await placed.getByText(`${catalog.teams.falcons.teamName} vs ${catalog.teams.tigers.teamName}`).waitFor();
    await walletButton(WELCOME_COINS - 250).waitFor();
    await snap(page, 'bet-placed');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The same match's other team: still the bet already placed.
    const { tigers } = catalog.teams;
    await page.goto(betUrl(catalog.openEvent, tigers._id, tigers.teamName));
    // A full page load: on this busy machine its first request has come 8 s after the navigation.
    await placed.waitFor({ timeout: 20_000 });
    expect(await fact('Team').textContent()).toBe(catalog.teams.falcons.teamName);
    await placed.getByRole('link', { name: 'Back to matches' }).click();
    await page.waitForURL(/\/events\?tournamentId=/);
    expect(new URL(page.url()).searchParams.get('tournamentId')).toBe(catalog.tournamentId);
  });

  it('offers the daily coins on the matches pages once the bettor is below the smallest bet', async () => {
    const offer = page.getByRole('region', { name: 'Out of coins?' });
    await page.goto('/home');
    await page.getByRole('link', { name: new RegExp(catalog.title) }).waitFor();
    await expect(offer.count()).resolves.toBe(0);

    await placeThroughApi(spare[0], WELCOME_COINS - 250);
    await page.goto('/home');
    await walletButton(0).waitFor();
    await offer.getByText(`Claim ${ALLOWANCE_FLOOR} free coins`).waitFor();
    await snap(page, 'home-daily-coins');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto(`/events?tournamentId=${catalog.tournamentId}`);
    await offer.getByRole('button', { name: 'Claim daily coins' }).waitFor();
    await page.getByRole('heading', { name: 'Upcoming Matches' }).waitFor();
    await snap(page, 'events-daily-coins');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('offers them on the bet screen, where claiming updates the coins, the header and the quick amounts at once', async () => {
    const event = spare[1];
    const teamName = 'the home side';
    await page.goto(betUrl(event, event.teamIds[0], teamName));
    const offer = page.getByRole('region', { name: 'Out of coins?' });
    await offer.waitFor();
    await page.getByText('You have 0 available on your wallet').waitFor();
    await expect(page.getByRole('group', { name: 'Quick amounts' }).count()).resolves.toBe(0);
    await snap(page, 'bet-screen-broke');
    expect(await accessibilityProblems(page)).toEqual([]);

    await offer.getByRole('button', { name: 'Claim daily coins' }).click();
    await toasts().getByText(MSG.allowanceClaimed).waitFor();
    await offer.waitFor({ state: 'detached' });
    await page.getByText(`You have ${ALLOWANCE_FLOOR} available on your wallet`).waitFor();
    await walletButton(ALLOWANCE_FLOOR).waitFor();
    const quick = page.getByRole('group', { name: 'Quick amounts' });
    expect(await quick.getByRole('button').allTextContents()).toEqual([`Max ${ALLOWANCE_FLOOR}`]);
    await waitForToastsToHide();
    await snap(page, 'bet-screen-claimed');

    // Bet them all; out of coins again the same day, the screen says when more come instead of offering them.
    await quick.getByRole('button', { name: `Max ${ALLOWANCE_FLOOR}` }).click();
    await page.getByRole('button', { name: 'Confirm betting' }).click();
    await page.waitForURL(/\/confirm-betting\?id=/);
    await walletButton(0).waitFor();
    await page.goto(betUrl(spare[2], spare[2].teamIds[0], teamName));
    await page.getByText(MSG.tooFewCoinsToBet).waitFor();
    await expect(offer.count()).resolves.toBe(0);
    await snap(page, 'bet-screen-broke-claimed');
    await page.goto('/home');
    await page.getByRole('link', { name: new RegExp(catalog.title) }).waitFor();
    await expect(offer.count()).resolves.toBe(0);
    expect(watched.problems).toEqual([]);
  });

  it('on the wallet, claiming updates the balances, the coin history and its chart at once', async () => {
    const other = await openPage(browser, baseUrl, { timezoneId: ZONE });
    const { page: walletPage } = other;
    await registerThroughApi(walletPage, baseUrl, { userName: 'Rohan Broke', email: uniqueEmail(), password: 'betting-password-2' });
    const bet = await walletPage.request.post('/api/v1/bet/create-new', { data: { eventId: spare[3]._id, teamId: spare[3].teamIds[0], betWay: 'coin', amount: COIN_BET_MAX } });
    expect(bet.status()).toBe(201);
    await walletPage.goto('/wallet');
    const history = walletPage.locator('.ledger-table tbody tr');
    const chartSummary = walletPage.locator('.balance-chart desc');
    const stat = walletPage.locator('.wallet-stat', { hasText: 'Available coins' }).locator('dd');
    await expect.poll(() => stat.textContent()).toBe('0');
    await expect.poll(() => history.count()).toBe(2);
    await expect.poll(() => chartSummary.textContent()).toMatch(/ to 0 coins on /);

    await walletPage.getByRole('region', { name: 'Out of coins?' }).getByRole('button', { name: 'Claim daily coins' }).click();
    await expect.poll(() => stat.textContent()).toBe(String(ALLOWANCE_FLOOR));
    // No reload: the history's newest row is the daily coins, and the chart ends where the balance does.
    await expect.poll(() => history.count()).toBe(3);
    await expect.poll(() => history.first().textContent()).toContain('Daily coins');
    await expect.poll(() => chartSummary.textContent()).toMatch(new RegExp(` to ${ALLOWANCE_FLOOR} coins on `));
    await walletPage.getByRole('link', { name: `Wallet: ${ALLOWANCE_FLOOR} coins` }).waitFor();
    await expect.poll(() => walletPage.locator('.notistack-SnackbarContainer [role="alert"]').count(), { timeout: 7_000 }).toBe(0);
    await snap(walletPage, 'wallet-daily-coins-history');
    expect(await accessibilityProblems(walletPage)).toEqual([]);
    expect(other.problems).toEqual([]);
    await other.context.close();
  });

  it('keeps the amount typed across a reload, and follows its match live: a result closes it and offers the way back', async () => {
    const other = await openPage(browser, baseUrl, { timezoneId: ZONE });
    const { page: betPage } = other;
    await registerThroughApi(betPage, baseUrl, { userName: 'Meera Live', email: uniqueEmail(), password: 'betting-password-3' });
    const operator = await operatorClient();
    const { event, teams } = await createEvent(operator);
    await betPage.goto(betUrl(event, teams[0]._id, teams[0].teamName));
    const amount = betPage.getByLabel('Amount (coins)');
    await amount.fill('250');
    // The reloaded page's watch reaches the server only after the organiser paused the match: the
    // watch's reply tells the page what it would never be pushed.
    const socket = await holdSocketMessages(betPage);
    await betPage.reload();
    await expect.poll(() => amount.inputValue()).toBe('250');
    await betPage.getByText(/If .* wins you get/).waitFor();
    await expect.poll(() => socket.heldWatches()).toBeGreaterThan(0);
    const witness = await pushWitness(baseUrl, event.tournamentId);
    expect((await operator.patch(`/admin/events/${event._id}`, { isBetActive: false })).status).toBe(200);
    await witness.pushed(event._id);
    witness.close();
    socket.release();
    await betPage.getByText('Betting on this match is paused for now.').waitFor();

    // Then a result, pushed to the page, which watches by now (the reply came).
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[1]._id })).status).toBe(202);
    await betPage.getByText(`The result is in: ${teams[1].teamName} won. Betting on this match has closed.`).waitFor({ timeout: 15_000 });
    expect(await betPage.getByRole('button', { name: 'Confirm betting' }).count()).toBe(0);
    await snap(betPage, 'bet-screen-closed');
    expect(await accessibilityProblems(betPage)).toEqual([]);
    await betPage.getByRole('link', { name: 'Back to the match' }).click();
    await betPage.waitForURL(new RegExp(`tournamentId=${event.tournamentId}`));
    expect(other.problems).toEqual([]);
    await other.context.close();
  });
});
