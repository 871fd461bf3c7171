// A "groups then knockout" tournament as students see it (issue 21 §4, §5), in Chromium at 390x844 and on
// a laptop: the operator publishes 8 teams in 2 groups of 4, the top 2 of each going through to the
// semi-finals, and declares a few group matches. The Table tab shows one table per group, its 4 teams in
// the order of the tie-break rule with their played, won, drawn, lost, scored, conceded, difference and
// points, the places going through
// marked and the tie-break stated under the tables; the Bracket tab shows the semi-finals waiting for the
// group places ('Group A winner' vs 'Group B runner-up').
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import { planFormat } from '../../shared/format-plan.ts';
import { type MatchResult, standings, tieBreakText } from '../../shared/standings.ts';
import { sportRules } from '../../shared/sports.ts';

// A tournament with no sport chosen plays by the rules of 'other'.
const { points, scoreUnit } = sportRules(undefined);
import type { ApiClient } from '../helpers/api.ts';
import { createTournament, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap, WCAG_21, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const HOUR_MS = 60 * 60 * 1000;
const LAPTOP = { width: 1366, height: 900 };
// Seeded best first; snake seeding puts 1, 4, 5, 8 in group A and 2, 3, 6, 7 in group B.
const HOSTELS = ['Tapti', 'Narmada', 'Godavari', 'Kaveri', 'Mahanadi', 'Yamuna', 'Ganga', 'Sabarmati'];

type Played = AdminEvent & { teamIds: [string, string] };

/** The table as drawn: place, team, played, won, drawn, lost, scored, conceded, difference, points per row. */
const rowsOf = (page: Page, group: string) =>
  page
    .getByRole('table', { name: `Group ${group}` })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.firstChild?.textContent ?? '').trim())),
    );

/** Whether the page scrolls sideways (it must not on a phone). */
const widerThanScreen = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth);

describe.sequential("a groups-then-knockout tournament's tables and bracket", () => {
  let browser: Browser;
  let visitor: WatchedPage;
  let operator: ApiClient;
  let tournamentId: string;
  let teams: AdminTeam[];
  let groups: { name: string; teamIds: string[] }[];
  const results: MatchResult[] = [];

  const nameOf = (teamId: string) => teams.find((team) => team._id === teamId)!.teamName;
  /** What each group's table must say, by the tie-break rule (shared/standings.ts) over the results declared. */
  const expectedRows = (group: { teamIds: string[] }) =>
    standings(
      group.teamIds.map((id) => ({ id, name: nameOf(id) })),
      results,
      points,
    ).map((row) => [
      String(row.rank),
      nameOf(row.teamId),
      ...[row.played, row.won, row.drawn, row.lost, row.scored, row.conceded].map(String),
      // Shown with its sign, as people write it: '+2', '−1', '0'.
      row.difference > 0 ? `+${row.difference}` : row.difference < 0 ? `−${-row.difference}` : '0',
      String(row.points),
    ]);

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await openPage(browser, baseUrl);
    operator = await operatorClient();
    tournamentId = (await createTournament(operator, `Hostel Groups Cup ${suffix}`))._id;
    const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, {
      teams: HOSTELS.map((name) => ({ teamName: `${name} ${suffix}`, members: ['Asha', 'Ravi'] })),
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    teams = HOSTELS.map((name) => entered.body.data.created.find((team) => team.teamName === `${name} ${suffix}`)!);
    const seeded = teams.map((team) => team._id);
    const plan = planFormat({ kind: 'groups-knockout', groups: 2, advancePerGroup: 2 }, seeded);
    groups = plan.structure.groups!;
    const keys = plan.matches.map((m) => m.id);
    const schedule = Object.fromEntries(keys.map((key, i) => [key, { startsAt: new Date(Date.now() + (24 + i) * HOUR_MS).toISOString() }]));
    const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournamentId}/format`, {
      format: { kind: 'groups-knockout', groups: 2, advancePerGroup: 2 },
      seededTeamIds: seeded,
      schedule,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const groupMatches = published.body.data.events.filter((event) => event.stage?.startsWith('Group ')) as Played[];
    expect(groupMatches).toHaveLength(12);

    // A few results: Tapti (group A's top seed) wins its three group matches and one other match of group A
    // goes to its home side; group B has one result, its home side winning. The rest is still to play.
    const inGroup = (name: string) => groupMatches.filter((match) => match.stage?.startsWith(`Group ${name} `));
    const taptiId = teams[0]._id;
    const taptis = inGroup('A').filter((match) => match.teamIds.includes(taptiId));
    const other = inGroup('A').find((match) => !match.teamIds.includes(taptiId))!;
    const groupB = inGroup('B')[0];
    expect(taptis).toHaveLength(3);
    const declared: [Played, string][] = [...taptis.map((match): [Played, string] => [match, taptiId]), [other, other.teamIds[0]], [groupB, groupB.teamIds[0]]];
    for (const [match, winnerTeamId] of declared) {
      const answer = await operator.post(`/admin/events/${match._id}/result`, { winnerTeamId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      results.push({ home: match.teamIds[0], away: match.teamIds[1], winner: winnerTeamId });
    }
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it("shows each group's table after the results: its teams in order, P W D L F A GD Pts, the tie-break line, on a phone and a laptop", async () => {
    const { page } = visitor;
    await page.goto(`/events?tournamentId=${tournamentId}&view=table`);
    await expect.poll(() => page.getByRole('navigation', { name: 'Tournament' }).getByRole('link').allTextContents(), { timeout: 10_000 }).toEqual(['Matches', 'Table', 'Bracket']);
    for (const group of groups) {
      // The table's own code comes after the tabs: waited for.
      await expect.poll(() => rowsOf(page, group.name), { timeout: 10_000 }).toEqual(expectedRows(group));
    }
    // What the results make of the tables, by hand (no sport chosen: 3 points a win; no score: no goals):
    // Tapti first with 3 wins (9 points); in group A the two teams without a win and with no match between
    // them share third place, listed by name; in group B the three teams without a win share second place.
    const [groupA, groupB] = await Promise.all([rowsOf(page, 'A'), rowsOf(page, 'B')]);
    expect(groupA[0]).toEqual(['1', `Tapti ${suffix}`, '3', '3', '0', '0', '0', '0', '0', '9']);
    expect(groupA.map((row) => row[0])).toEqual(['1', '2', '3', '3']);
    expect(groupA[1].slice(2)).toEqual(['2', '1', '0', '1', '0', '0', '0', '3']);
    expect([groupA[2][1], groupA[3][1]]).toEqual([groupA[2][1], groupA[3][1]].sort());
    expect(groupB[0].slice(2)).toEqual(['1', '1', '0', '0', '0', '0', '0', '3']);
    expect(groupB.map((row) => row[0])).toEqual(['1', '2', '2', '2']);
    expect(groupB.slice(1).map((row) => row[1])).toEqual(groupB.slice(1).map((row) => row[1]).sort());
    expect(groupB.slice(1).map((row) => row[2]).sort()).toEqual(['0', '0', '1']);
    // The two places that go through are marked, said in words too: the first two rows, also in group B
    // where three teams share second place (the knockout takes them in the table's order).
    for (const group of groups) {
      const rows = page.getByRole('table', { name: `Group ${group.name}` }).locator('tbody tr');
      expect(await rows.evaluateAll((all) => all.map((row) => row.classList.contains('is-through')))).toEqual([true, true, false, false]);
      expect(await rows.evaluateAll((all) => all.map((row) => row.textContent.includes('(goes through)')))).toEqual([true, true, false, false]);
    }
    await page.getByText('The top 2 of each group go through to the knockout.').waitFor();
    await page.getByText(tieBreakText(points, scoreUnit)).waitFor();
    expect(await widerThanScreen(page)).toBe(false);
    await snap(page, 'group-tables');
    await page.setViewportSize(LAPTOP);
    expect(await widerThanScreen(page)).toBe(false);
    await page.screenshot({ path: 'tests/screenshots/group-tables-laptop.png', fullPage: true, animations: 'disabled', timeout: 30_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });

  it('shows on the Bracket tab the group places the semi-finals wait for', async () => {
    const { page } = visitor;
    await page.getByRole('navigation', { name: 'Tournament' }).getByRole('link', { name: 'Bracket' }).click();
    await page.waitForURL(/view=bracket/);
    const bracket = page.getByRole('region', { name: 'Bracket (scrolls sideways)' });
    await bracket.getByText('Semi-finals', { exact: true }).waitFor();
    await bracket.getByText('Final', { exact: true }).waitFor();
    expect(await page.locator('.bracket [data-match]').count()).toBe(3);
    const labelOf = (key: string) => page.locator(`.bracket [data-match="${key}"]`).getAttribute('aria-label');
    // Each box's name starts with what it shows, in its order: the key and time, then its two sides.
    expect(await labelOf('R1-M1')).toMatch(/^R1-M1 · [\w ]+ \d\d:\d\d: Group A winner, Group B runner-up\b/);
    expect(await labelOf('R1-M2')).toMatch(/^R1-M2 · [\w ]+ \d\d:\d\d: Group B winner, Group A runner-up\b/);
    expect(await labelOf('R2-M1')).toMatch(/^R2-M1 · [\w ]+ \d\d:\d\d: Winner of R1-M1, Winner of R1-M2\b/);
    // Drawn as words in the boxes too, not only in their names.
    await page.locator('[data-match="R1-M1"]').getByText('Group A winner').waitFor();
    await page.locator('[data-match="R1-M2"]').getByText('Group A runner-up').waitFor();
    expect(await widerThanScreen(page)).toBe(false);
    await snap(page, 'group-tables-bracket');
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });
});
