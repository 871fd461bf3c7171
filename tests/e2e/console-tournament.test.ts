// One tournament at a time in the organiser's console: a secretary running a cup and a league, each with a
// team called Tapti, works inside one of them on Teams, Fixtures and Events. Each screen says which in its
// heading, lists only that tournament's teams, makes new teams in it, and the tabs carry it from screen to
// screen; choosing the other tournament swaps every list.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AdminTournament } from '../../shared/api.ts';
import { createTournament, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const secretary = { userName: `Games Sec ${suffix}`, email: uniqueEmail(), password: 'password-123' };

describe.sequential('the console works inside one tournament', () => {
  let browser: Browser;
  let secretaryPage: WatchedPage;
  let cup: AdminTournament;
  let league: AdminTournament;

  beforeAll(async () => {
    const operator = await operatorClient();
    cup = await createTournament(operator, `Hostel Cup ${suffix}`);
    league = await createTournament(operator, `Hostel League ${suffix}`);
    browser = await launchBrowser();
    secretaryPage = await openPage(browser, baseUrl);
    await registerThroughApi(secretaryPage.page, baseUrl, secretary);
    for (const [tournament, teams] of [
      [cup, ['Tapti', 'Ganga']],
      [league, ['Tapti', 'Kaveri']],
    ] as const) {
      expect((await operator.post(`/admin/tournaments/${tournament._id}/organisers`, { email: secretary.email })).status).toBe(201);
      const bulk = await operator.post(`/admin/tournaments/${tournament._id}/teams/bulk`, { teams: teams.map((teamName) => ({ teamName, members: [] })) });
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    }
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it("lists only the chosen tournament's teams, makes new ones in it, and keeps it from tab to tab", async () => {
    const { page } = secretaryPage;
    await page.goto(`/operator/teams?tournamentId=${cup._id}`);
    await page.getByRole('heading', { level: 1, name: `Teams · ${cup.title}` }).waitFor();
    const roster = page.locator('section.card', { has: page.getByRole('heading', { name: 'Teams', exact: true }) });
    const names = roster.locator('.operator-row-title');
    await expect.poll(() => names.allTextContents()).toEqual(['Ganga', 'Tapti']);

    // A new team goes to the tournament worked on, with no tournament to pick.
    await page.getByLabel('Team name').fill(`Sutlej ${suffix}`);
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect.poll(() => names.allTextContents()).toEqual(['Ganga', `Sutlej ${suffix}`, 'Tapti']);
    const cupRoster = await (await page.request.get(`/api/v1/admin/tournaments/${cup._id}/teams`)).json();
    expect(cupRoster.data.map((team: { teamName: string }) => team.teamName).sort()).toEqual(['Ganga', `Sutlej ${suffix}`, 'Tapti']);
    await snap(page, 'console-tournament-teams');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The other tournament: its own Tapti, and none of the cup's teams.
    await page.getByLabel('Tournament').selectOption({ label: league.title });
    await page.getByRole('heading', { level: 1, name: `Teams · ${league.title}` }).waitFor();
    await expect.poll(() => names.allTextContents()).toEqual(['Kaveri', 'Tapti']);

    // The tabs carry the league to the other screens, and back.
    const tabs = page.getByRole('navigation', { name: 'Organiser console' });
    await tabs.getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { level: 1, name: `Events · ${league.title}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('tournamentId')).toBe(league._id);
    await tabs.getByRole('link', { name: 'Fixtures' }).click();
    await page.getByRole('heading', { level: 1, name: `Fixtures · ${league.title}` }).waitFor();
    // A new visit to the console opens the tournament chosen last.
    await page.goto('/operator/teams');
    await page.getByRole('heading', { level: 1, name: `Teams · ${league.title}` }).waitFor();
    expect(await page.getByLabel('Tournament').inputValue()).toBe(league._id);
    expect(secretaryPage.problems).toEqual([]);
  });

  it('the setup removes a team it added, and Undo brings it back', async () => {
    const { page } = secretaryPage;
    await page.goto(`/operator/setup?tournamentId=${league._id}&step=2`);
    const roster = page.locator('.setup-roster-list li');
    await expect.poll(() => roster.allTextContents()).toEqual(['Kaveri×', 'Tapti×']);
    await page.getByRole('button', { name: 'Remove Kaveri' }).click();
    await expect.poll(() => roster.allTextContents()).toEqual(['Tapti×']);
    const removed = page.locator('.notistack-MuiContent', { hasText: 'Team removed: Kaveri' });
    await snap(page, 'setup-team-removed');
    await removed.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => roster.allTextContents()).toEqual(['Kaveri×', 'Tapti×']);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(secretaryPage.problems).toEqual([]);
  });
});
