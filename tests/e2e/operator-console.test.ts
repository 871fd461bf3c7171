// The organiser's flow of issue 4, clicked through in Chromium: log in as the seeded operator, open the
// console from the avatar menu, create a tournament with a preview image, two teams with ranks and
// members, schedule a match, open and pause its betting, declare the winner (with a confirm step);
// and the console is a 404 for anyone else.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '../../shared/messages.ts';
import { OPERATOR } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const title = `Hostel Football Cup ${suffix}`;
const home = { name: `Red Lions ${suffix}`, rank: '1', members: 'Asha, Ravi, Meera' };
const away = { name: `Blue Sharks ${suffix}`, rank: '2', members: 'Kabir, Noor' };

/** Tomorrow at 18:30 UTC (the browser's zone, support.ts), as the datetime-local field takes it. */
const tomorrowField = () => `${new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10)}T18:30`;

describe.sequential('operator console', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const toast = (text: string) => page.locator('.notistack-SnackbarContainer').getByText(text);
  const match = () => page.getByRole('article', { name: `${home.name} versus ${away.name}` });

  it('logs the organiser in and opens the console from the Operator section of the avatar menu', async () => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(OPERATOR.email);
    await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const operatorSection = page.getByRole('navigation', { name: 'Operator' });
    await operatorSection.waitFor();
    await snap(page, 'operator-account-menu');
    await operatorSection.getByRole('link', { name: 'Operator console' }).click();
    await page.waitForURL(/\/operator\/tournaments$/);
    await page.getByRole('heading', { name: 'Tournaments', level: 1 }).waitFor();
  });

  it('creates a tournament with a preview image, and edits it', async () => {
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.getByText(MSG.titleRequired).waitFor();

    await page.getByLabel('Title').fill(`${title} draft`);
    await page.getByLabel('Preview image URL').fill('/demo/football.svg');
    await page.getByRole('img', { name: 'Preview of the tournament image' }).waitFor();
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await toast('Tournament created').waitFor();
    await page.getByRole('heading', { name: `${title} draft` }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('');

    await page.getByRole('button', { name: `Edit ${title} draft` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tournament' });
    expect(await dialog.getByLabel('Preview image URL').inputValue()).toBe('/demo/football.svg');
    await dialog.getByLabel('Title').fill(title);
    await snap(page, 'operator-edit-tournament');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await snap(page, 'operator-tournaments');
    expect(await accessibilityProblems(page)).toEqual([]);

    const cards = await (await page.request.get('/api/v1/game/tournament-list')).json();
    expect(cards.data.find((t: { title: string }) => t.title === title)).toMatchObject({ previewImg: '/demo/football.svg' });
  });

  it('creates two teams with ranks and members, showing the server refusal of a bad one', async () => {
    await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Teams' }).click();
    await page.waitForURL(/\/operator\/teams\?tournamentId=/);
    await page.getByLabel('Rank').fill('0');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('alert').filter({ hasText: /team name|rank/i }).waitFor();

    for (const team of [home, away]) {
      await page.getByLabel('Team name').fill(team.name);
      await page.getByLabel('Rank').fill(team.rank);
      await page.getByLabel('Members').fill(team.members);
      await page.getByRole('button', { name: 'Create team' }).click();
      await toast('Team created').first().waitFor();
      await page.getByRole('heading', { name: new RegExp(team.name) }).waitFor();
    }
    const homeRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(home.name) }) });
    await homeRow.getByText(`Rank #${home.rank}`).waitFor();
    await homeRow.getByText(home.members).waitFor();
    await snap(page, 'operator-teams');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('schedules a match, opens its betting and pauses it again', async () => {
    await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Events' }).click();
    await page.waitForURL(/\/operator\/events\?tournamentId=/);
    await page.getByLabel('Tournament').selectOption({ label: title });
    await page.getByRole('button', { name: 'Schedule match' }).click();
    await page.getByText('Choose both teams and the start time.').waitFor();

    await page.getByLabel('Home team').selectOption({ label: home.name });
    await page.getByLabel('Away team').selectOption({ label: away.name });
    await page.getByLabel('Starts at (UTC)').fill(tomorrowField());
    // A new match takes bets unless told not to (match-edits.test.ts): this one waits, paused.
    await page.getByLabel('Open betting now').uncheck();
    await page.getByRole('button', { name: 'Schedule match' }).click();
    await toast('Match scheduled').waitFor();
    await match().getByText('Betting paused').waitFor();
    await match().getByText('18:30 UTC').waitFor();

    await match().getByRole('button', { name: 'Open betting' }).click();
    await match().getByText('Betting open').waitFor();
    await snap(page, 'operator-events');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Bettors see the match open on the public events page.
    const tournamentId = new URL(page.url()).searchParams.get('tournamentId')!;
    const events = await (await page.request.get(`/api/v1/game/event-list?tournamentId=${tournamentId}`)).json();
    expect(events.data).toEqual([expect.objectContaining({ isBetActive: true })]);

    await match().getByRole('button', { name: 'Pause betting' }).click();
    await match().getByText('Betting paused').waitFor();
  });

  it('declares the winner after a confirm step', async () => {
    await match().getByRole('button', { name: 'Declare winner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Declare the winner' });
    // A result can be corrected for 48 hours ('Correct result' below): the dialog says so (issue 22 §11).
    await dialog.getByText(MSG.winnerCorrectable).waitFor();
    // Before kick-off, the dialog asks in so many words.
    await dialog.getByText(/This match has not started yet/).waitFor();
    await dialog.getByRole('radio', { name: home.name }).check();
    await snap(page, 'operator-declare-winner');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Declare ${home.name} winner before kick-off` }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast('Winner declared; bets are being settled').waitFor();
    // The match leaves 'Next' for the decided ones, folded away.
    await page.getByText('Decided (1)').click();
    await match().getByText(`Winner: ${home.name}`).waitFor();
    // Decided: no pause, reschedule, winner or void any more; only a correction within its window (issue 14).
    await match().getByRole('button', { name: 'Correct result' }).waitFor();
    await expect(match().getByRole('button').allInnerTexts()).resolves.toEqual(['Correct result']);
    expect(watched.problems).toEqual([]);
  });

  it('is a 404 page for visitors and for users who are not operators', async () => {
    const other = await openPage(browser, baseUrl);
    await other.page.goto('/operator/users');
    await other.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await other.page.getByText('/operator/users').waitFor();

    await registerThroughApi(other.page, baseUrl, { userName: 'Plain Bettor', email: uniqueEmail(), password: 'plain-password-1' });
    await other.page.goto('/operator/tournaments');
    await other.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await other.page.getByRole('button', { name: 'Account menu' }).click();
    await other.page.getByRole('navigation', { name: 'Menu' }).waitFor();
    await expect(other.page.getByRole('navigation', { name: 'Operator' }).count()).resolves.toBe(0);
    expect(other.problems).toEqual([]);
    await other.context.close();
  });
});
