// Organisers start their own tournaments (issue 21 §1), clicked through in Chromium at 390x844: the
// operator allows a student on the Users screen; the student opens the console from the avatar menu,
// creates a tournament, finds it under "Your tournaments" and adds a co-organiser from its Organisers
// dialog.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG } from '../../shared/messages.ts';
import { OPERATOR } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, logInThroughForm, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const secretary = { userName: `Secretary ${suffix}`, email: uniqueEmail(), password: 'password-123' };
const helper = { userName: `Helper ${suffix}`, email: uniqueEmail(), password: 'password-123' };
const title = `Inter-hostel Cup ${suffix}`;

describe.sequential('a student an operator allows creates a tournament', () => {
  let browser: Browser;
  let operatorPage: WatchedPage;
  let secretaryPage: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const helperPage = await openPage(browser, baseUrl);
    [operatorPage, secretaryPage] = await Promise.all([openPage(browser, baseUrl), openPage(browser, baseUrl)]);
    await Promise.all([registerThroughApi(secretaryPage.page, baseUrl, secretary), registerThroughApi(helperPage.page, baseUrl, helper)]);
    await helperPage.page.close();
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('has no console before an operator allows it', async () => {
    const { page } = secretaryPage;
    await page.goto('/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.locator('.menu-panel:not(.is-closing)').waitFor();
    expect(await page.getByRole('link', { name: /console$/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('the operator allows the student on the Users screen', async () => {
    const { page } = operatorPage;
    await logInThroughForm(page, OPERATOR);
    await page.goto('/operator/users');
    await page.getByLabel('Email or name').fill(secretary.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Let ${secretary.userName} create tournaments` }).click();
    await page.getByText(MSG.tournamentCreatorAllowed).waitFor();
    await page.getByText('Creates tournaments').waitFor();
    await page.getByRole('button', { name: `Stop ${secretary.userName} creating tournaments` }).waitFor();
    await snap(page, 'operator-users-tournament-creator');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(operatorPage.problems).toEqual([]);
  });

  it('the student creates a tournament from the console and adds a co-organiser', async () => {
    const { page } = secretaryPage;
    await page.goto('/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Organiser console' }).click();
    await page.waitForURL(/\/operator\/tournaments$/);
    await page.getByText('No tournaments yet').waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.getByText('Tournament created').waitFor();
    await page.getByRole('heading', { name: 'Your tournaments' }).waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    await snap(page, 'creator-console-tournaments');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: `Organisers of ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Organisers' });
    await dialog.getByRole('heading', { name: secretary.userName }).waitFor();
    await dialog.getByLabel('Add an organiser').fill(helper.email);
    await dialog.getByRole('button', { name: 'Add organiser' }).click();
    await dialog.getByRole('heading', { name: helper.userName }).waitFor();
    await snap(page, 'creator-organisers-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(secretaryPage.problems).toEqual([]);
  });

  it("the student's teams are listed whole, also after a reload, and one no match uses is removed", async () => {
    const { page } = secretaryPage;
    await page.getByRole('navigation', { name: 'Organiser console' }).getByRole('link', { name: 'Teams' }).click();
    await page.waitForURL(/\/operator\/teams\?tournamentId=/);
    for (const [teamName, members] of [[`Tapti ${suffix}`, 'Asha, Ravi'], [`Narmada ${suffix}`, 'Meera']]) {
      await page.getByLabel('Team name').fill(teamName);
      await page.getByLabel('Members').fill(members);
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.getByRole('heading', { name: teamName }).waitFor();
    }
    // Listed from the server, not from this tab's memory: a fresh tab (another device) shows both.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByRole('heading', { name: `Tapti ${suffix}` }).waitFor();
    await page.getByRole('heading', { name: `Narmada ${suffix}` }).waitFor();
    await snap(page, 'creator-team-roster');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: `Remove Narmada ${suffix}` }).click();
    const toasts = page.locator('.notistack-SnackbarContainer');
    await toasts.getByText(`${MSG.teamRemoved}: Narmada ${suffix}`).waitFor();
    await page.getByRole('heading', { name: `Narmada ${suffix}` }).waitFor({ state: 'detached' });
    // Removed by mistake: Undo brings it back, members and all.
    await toasts.getByRole('button', { name: 'Undo' }).click();
    await toasts.getByText(MSG.teamRestored).waitFor();
    await page.getByRole('heading', { name: `Narmada ${suffix}` }).waitFor();
    await snap(page, 'creator-team-restored');
    expect(secretaryPage.problems).toEqual([]);
  });
});
