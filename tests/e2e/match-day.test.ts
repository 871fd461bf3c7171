// The console's match day, on a secretary's phone: the match being played comes first with a button per
// team, so its result is two taps from the list (the team's 'won', then the dialog's confirm, its winner
// chosen already); the next matches follow, soonest first; the decided ones are folded away, one tap open.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createTeam, createTournament, hoursFromNow, operatorClient, OPERATOR } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, logInThroughForm, openPage, snap, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
/** How soon the match being played starts: it has started by the time the page opens. */
const STARTS_IN_MS = 3_000;

describe.sequential('the match day in the console', () => {
  let browser: Browser;
  let secretary: WatchedPage;
  let operator: ApiClient;
  let tournamentId: string;
  let teams: AdminTeam[];
  let playing: AdminEvent;
  const schedule = async (time: string, pair: [AdminTeam, AdminTeam]) =>
    (await operator.post('/admin/events', { tournamentId, time, teamIds: pair.map((team) => team._id) })).body.data as AdminEvent;

  beforeAll(async () => {
    operator = await operatorClient();
    tournamentId = (await createTournament(operator, `Match Day Cup ${Date.now() % 10_000}`))._id;
    teams = await Promise.all(['Kaveri', 'Ganga', 'Tapti', 'Sutlej', 'Yamuna', 'Beas'].map((name) => createTeam(operator, `${name} ${Date.now() % 10_000}`)));
    const decided = await schedule(hoursFromNow(1), [teams[4], teams[5]]);
    expect((await operator.post(`/admin/events/${decided._id}/result`, { winnerTeamId: teams[4]._id })).status).toBe(202);
    await schedule(hoursFromNow(5), [teams[2], teams[3]]);
    await schedule(hoursFromNow(3), [teams[3], teams[2]]);
    playing = await schedule(new Date(Date.now() + STARTS_IN_MS).toISOString(), [teams[0], teams[1]]);
    browser = await launchBrowser();
    secretary = await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' });
    await logInThroughForm(secretary.page, OPERATOR);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(playing.time) - Date.now() + 200)));
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('shows the match being played first, then the next soonest first, the decided folded away', async () => {
    const { page } = secretary;
    await page.goto(`/operator/events?tournamentId=${tournamentId}`);
    const groups = page.locator('.match-day-title');
    await expect.poll(() => groups.allTextContents()).toEqual(['Being played (1)', 'Next (2)', 'Decided (1)']);
    const being = page.getByRole('region', { name: 'Being played (1)' });
    await being.getByText('Started, result due').waitFor();
    const next = page.getByRole('region', { name: 'Next (2)' }).locator('.operator-row-title');
    expect(await next.allTextContents()).toEqual([`${teams[3].teamName} vs ${teams[2].teamName}`, `${teams[2].teamName} vs ${teams[3].teamName}`]);
    // Folded: the decided match is not shown until asked for.
    const decided = page.getByRole('article', { name: `${teams[4].teamName} versus ${teams[5].teamName}` });
    expect(await decided.isVisible()).toBe(false);
    await snap(page, 'console-match-day');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('records the result in two taps from the list', async () => {
    const { page } = secretary;
    const match = page.getByRole('article', { name: `${teams[0].teamName} versus ${teams[1].teamName}` });
    await match.getByRole('button', { name: `${teams[1].teamName} won` }).click(); // tap 1
    const dialog = page.getByRole('dialog', { name: 'Declare the winner' });
    expect(await dialog.getByRole('radio', { name: teams[1].teamName }).isChecked()).toBe(true);
    await snap(page, 'console-match-day-declare');
    await dialog.getByRole('button', { name: `Declare ${teams[1].teamName} winner` }).click(); // tap 2
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.match-day-title').allTextContents()).toEqual(['Next (2)', 'Decided (2)']);
    await page.getByText('Decided (2)').click();
    await match.getByText(`Winner: ${teams[1].teamName}`).waitFor();
    const decided = await (await page.request.get(`/api/v1/game/event-list?tournamentId=${tournamentId}`)).json();
    expect(decided.data.find((event: { _id: string }) => event._id === playing._id).winnerTeam._id).toBe(teams[1]._id);
    await snap(page, 'console-match-day-decided');
    expect(secretary.problems).toEqual([]);
  });
});
