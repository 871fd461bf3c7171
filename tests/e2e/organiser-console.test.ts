// Organisers (issue 14 §3) and the daily allowance (§2), clicked through in Chromium at 390x844: the
// operator adds an organiser to a tournament from its Organisers dialog; the organiser opens the console
// from the avatar menu and sees only that tournament, without the operator-only tabs, and an event's
// History; a bettor out of coins claims the daily coins on the wallet page.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AdminEvent, AdminTeam, AdminTournament } from '../../shared/api.ts';
import { ALLOWANCE_FLOOR, COIN_BET_MAX } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { createEvent, createTournament, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, logInThroughForm, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const organiser = { userName: `Coach ${suffix}`, email: uniqueEmail(), password: 'password-123' };

describe.sequential('organiser console and daily coins', () => {
  let browser: Browser;
  let operatorPage: WatchedPage;
  let organiserPage: WatchedPage;
  let own: AdminTournament;
  let other: AdminTournament;
  let event: AdminEvent;
  let teams: AdminTeam[];

  beforeAll(async () => {
    const operator = await operatorClient();
    own = await createTournament(operator, `Hostel Cup ${suffix}`);
    other = await createTournament(operator, `Staff Cup ${suffix}`);
    ({ event, teams } = await createEvent(operator, { tournamentId: own._id }));
    browser = await launchBrowser();
    [operatorPage, organiserPage] = await Promise.all([openPage(browser, baseUrl), openPage(browser, baseUrl)]);
    await registerThroughApi(organiserPage.page, baseUrl, organiser);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it("the operator adds an organiser from the tournament's Organisers dialog", async () => {
    const { page } = operatorPage;
    await logInThroughForm(page, OPERATOR);
    await page.goto('/operator/tournaments');
    await page.getByRole('button', { name: `Organisers of ${own.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Organisers' });
    await dialog.getByText('No organisers yet.').waitFor();
    await dialog.getByLabel('Add an organiser').fill(`${randomUUID()}@test.local`);
    await dialog.getByRole('button', { name: 'Add organiser' }).click();
    await dialog.getByText(MSG.userNotFound).waitFor();
    await dialog.getByLabel('Add an organiser').fill(organiser.email);
    await dialog.getByRole('button', { name: 'Add organiser' }).click();
    await dialog.getByRole('heading', { name: organiser.userName }).waitFor();
    await dialog.getByText(organiser.email).waitFor();
    await snap(page, 'organisers-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(operatorPage.problems).toEqual([]);
  });

  it("the organiser's console shows only their tournament and tabs, and an event's history", async () => {
    const { page } = organiserPage;
    await page.goto('/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const section = page.getByRole('navigation', { name: 'Organiser' });
    await section.getByText('Organiser', { exact: true }).waitFor();
    await section.getByRole('link', { name: 'Organiser console' }).click();
    await page.waitForURL(/\/operator\/tournaments$/);
    await page.getByRole('heading', { name: 'Your tournaments' }).waitFor();
    await page.getByRole('heading', { name: own.title }).waitFor();
    expect(await page.getByRole('heading', { name: other.title }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create tournament' }).count()).toBe(0);
    // An organiser adds and removes co-organisers of their tournament.
    expect(await page.getByRole("button", { name: `Organisers of ${own.title}` }).count()).toBe(1);
    const tabs = page.getByRole('navigation', { name: 'Organiser console' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Tournaments', 'Teams', 'Fixtures', 'Events']);
    await snap(page, 'organiser-console-tournaments');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto('/operator/events');
    await page.waitForURL(new RegExp(`tournamentId=${own._id}`));
    // The screen says which tournament it works inside; with only one, there is nothing to choose.
    await page.getByRole('heading', { level: 1, name: `Events · ${own.title}` }).waitFor();
    expect(await page.getByLabel('Tournament').count()).toBe(0);
    const match = page.getByRole('article', { name: `${teams[0].teamName} versus ${teams[1].teamName}` });
    // Pausing asks nothing first; its toast offers Undo for a few seconds, which opens betting again (issue 22 §11).
    const toasts = page.locator('.notistack-SnackbarContainer');
    await match.getByRole('button', { name: 'Pause betting' }).click();
    await match.getByRole('button', { name: 'Open betting' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const paused = toasts.locator('.notistack-MuiContent', { hasText: `${MSG.bettingPausedUndo}: ${teams[0].teamName} versus ${teams[1].teamName}` });
    await paused.hover(); // holds the toast while it is photographed
    await page.screenshot({ path: 'tests/screenshots/organiser-pause-undo-phone.png', timeout: 30_000 });
    await paused.getByRole('button', { name: 'Undo' }).click();
    await match.getByRole('button', { name: 'Pause betting' }).waitFor();
    await toasts.getByText('Betting opened').waitFor();
    await match.getByRole('button', { name: 'Pause betting' }).click();
    await match.getByRole('button', { name: 'Open betting' }).waitFor();
    await match.getByText('History').click();
    const history = match.getByRole('list', { name: 'History' });
    await history.getByText('Created').waitFor();
    // Paused, reopened by Undo, paused again.
    await expect.poll(() => history.getByText('Paused betting').count()).toBe(2);
    await history.getByText('Opened betting').waitFor();
    expect(await history.getByText(`by ${organiser.userName}`).count()).toBe(3);
    await snap(page, 'organiser-event-history');
    expect(await accessibilityProblems(page)).toEqual([]);
    await match.getByRole('button', { name: 'Open betting' }).click();
    await expect.poll(() => history.getByText('Opened betting').count()).toBe(2);

    // Deciding says the result can still be corrected for 48 hours, as 'Correct result' then offers.
    await match.getByRole('button', { name: 'Declare winner' }).click();
    const declare = page.getByRole('dialog', { name: 'Declare the winner' });
    await declare.getByText(MSG.winnerCorrectable).waitFor();
    expect(await declare.getByText(/cannot be undone/).count()).toBe(0);
    await snap(page, 'organiser-declare-correctable');
    expect(await accessibilityProblems(page)).toEqual([]);
    await declare.getByRole('button', { name: 'Cancel' }).click();
    await declare.waitFor({ state: 'detached' });
    await match.getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog', { name: 'Void this match?' });
    await voiding.getByText(MSG.voidCorrectable).waitFor();
    await voiding.getByRole('button', { name: 'Cancel' }).click();
    await voiding.waitFor({ state: 'detached' });

    // The operator-only screens do not exist for an organiser.
    await page.goto('/operator/withdrawals');
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    expect(organiserPage.problems).toEqual([]);
    expect(event.tournamentId).toBe(own._id);
  });

  it('a bettor out of coins claims the daily coins on the wallet page', async () => {
    const { page } = organiserPage;
    // Every coin on one bet: below the smallest stake until it is settled.
    const bet = await page.request.post('/api/v1/bet/create-new', { data: { eventId: event._id, teamId: event.teamIds[0], betWay: 'coin', amount: COIN_BET_MAX } });
    expect(bet.status()).toBe(201);
    await page.goto('/wallet');
    const card = page.getByRole('region', { name: 'Out of coins?' });
    await card.getByText(`Claim ${ALLOWANCE_FLOOR} free coins`).waitFor();
    await snap(page, 'wallet-daily-coins');
    expect(await accessibilityProblems(page)).toEqual([]);
    await card.getByRole('button', { name: 'Claim daily coins' }).click();
    await page.locator('.notistack-SnackbarContainer').getByText(MSG.allowanceClaimed).waitFor();
    await card.waitFor({ state: 'detached' });
    const wallet = await (await page.request.get('/api/v1/wallet/get-wallet')).json();
    expect(wallet.data).toMatchObject({ totalCoins: ALLOWANCE_FLOOR, allowance: { claimable: false } });
    await snap(page, 'wallet-daily-coins-claimed');
    expect(organiserPage.problems).toEqual([]);
  });
});
