// Students see a tournament's shape (issue 21 §5, §9), in Chromium at 390x844 and 1366x900: the operator
// publishes a 16-team knockout and a 16-team league through the API; a visitor opens each tournament's
// page, reads its stage and what is next, its bracket (SVG, scrolling sideways in its own frame on a
// phone, no box over another, every name inside its box) and its points table; results the operator
// declares show on both without a reload, a winner moving into the next round's slot; a tap on a team of
// an open match goes to bet on it, a tap on a decided one shows its card; home's card says the stage.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminTeam, TournamentShape } from '../../shared/api.ts';
import { planFormat } from '../../shared/format-plan.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createTournament, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap, watching, WCAG_21, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const LAPTOP = { width: 1366, height: 900 };
const HOUR_MS = 60 * 60 * 1000;
/** A result reaches an open page over the live channel, then the shape is read again (spread over up to 1.5 s). */
const LIVE_TIMEOUT = 10_000;

// Real hostel names, some long enough to take two lines of a bracket box, one (40 characters with its
// suffix, the most a team's name may have) too long even for two on a phone.
const NAMES = [
  'Tapti Tigers', 'Narmada Nightowls Hostel Cricketer', 'Godavari Gladiators', 'Kaveri Kings', 'Mahanadi Mavericks', 'Brahmaputra Bulls',
  'Yamuna Yaks', 'Ganga Lions', 'Sabarmati Strikers', 'Krishna Knights', 'Sutlej Sixers', 'Ravi Royals', 'Beas Blasters',
  'Chenab Chargers', 'Jhelum Jets', 'Hostel A',
];

async function teamsOf(operator: ApiClient, tournamentId: string, label: string): Promise<AdminTeam[]> {
  const made: AdminTeam[] = [];
  for (const [i, name] of NAMES.entries()) {
    const answer = await operator.post<{ data: AdminTeam }>('/admin/teams', { teamName: `${name} ${label}${suffix}`, teamRank: i + 1, members: [{ name: 'Asha' }], tournamentId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    made.push(answer.body.data);
  }
  return made;
}

/** Every non-bye match at its own hour from tomorrow, round after round. */
const scheduleOf = (matches: { id: string; round: number }[]) =>
  Object.fromEntries(matches.map((match, i) => [match.id, { startsAt: new Date(Date.now() + (24 + match.round * 24 + i) * HOUR_MS).toISOString() }]));

async function publish(operator: ApiClient, tournamentId: string, body: object) {
  const answer = await operator.post(`/admin/tournaments/${tournamentId}/format`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const shapeOf = async (operator: ApiClient, tournamentId: string) => (await operator.get<{ data: TournamentShape }>(`/game/tournament-shape?tournamentId=${tournamentId}`)).body.data;


/** What is drawn wrong in the bracket: boxes over one another, names spilling out of their box, the page wider than the screen. */
function bracketProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const boxes = [...document.querySelectorAll<SVGGElement>('.bracket [data-match], .bracket-champion')].map((g) => ({ key: g.dataset.match ?? 'champion', rect: g.getBoundingClientRect() }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        if (a.rect.left < b.rect.right && b.rect.left < a.rect.right && a.rect.top < b.rect.bottom && b.rect.top < a.rect.bottom) problems.push(`${a.key} overlaps ${b.key}`);
      }
    }
    for (const frame of document.querySelectorAll<SVGSVGElement>('.bracket svg')) {
      const width = frame.width.baseVal.value;
      for (const text of frame.querySelectorAll<SVGTextElement>('text')) {
        const box = text.getBBox();
        if (box.x < 0 || box.x + box.width > width + 0.5) problems.push(`"${text.textContent}" spills out of its box`);
      }
    }
    const page = document.scrollingElement!;
    if (page.scrollWidth > page.clientWidth) problems.push(`the page is ${page.scrollWidth} px wide on a ${page.clientWidth} px screen`);
    return problems;
  });
}

describe.sequential("a tournament's standings, bracket and stage", () => {
  let browser: Browser;
  let visitor: WatchedPage;
  let operator: ApiClient;
  let cupId: string;
  let leagueId: string;
  let cupTeams: AdminTeam[];
  let leagueTeams: AdminTeam[];

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await openPage(browser, baseUrl);
    operator = await operatorClient();
    [cupId, leagueId] = [(await createTournament(operator, `Inter-hostel Cup ${suffix}`))._id, (await createTournament(operator, `Hostel Premier League ${suffix}`))._id];
    [cupTeams, leagueTeams] = [await teamsOf(operator, cupId, 'C'), await teamsOf(operator, leagueId, 'L')];
    const cupIds = cupTeams.map((team) => team._id);
    await publish(operator, cupId, { format: { kind: 'knockout' }, seededTeamIds: cupIds, schedule: scheduleOf(planFormat({ kind: 'knockout' }, cupIds).matches) });
    const leagueIds = leagueTeams.map((team) => team._id);
    await publish(operator, leagueId, { format: { kind: 'league', double: false }, seededTeamIds: leagueIds, schedule: scheduleOf(planFormat({ kind: 'league', double: false }, leagueIds).matches) });
  }, 180_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('draws the 16-team bracket: the stage and what is next, rounds as columns, nothing overlapping, on a phone and a laptop', async () => {
    const { page } = visitor;
    await page.goto(`/events?tournamentId=${cupId}`);
    await page.getByRole('navigation', { name: 'Tournament' }).getByRole('link', { name: 'Bracket' }).click();
    await page.waitForURL(/view=bracket/);
    // A knockout has no table.
    expect(await page.getByRole('navigation', { name: 'Tournament' }).getByRole('link').allTextContents()).toEqual(['Matches', 'Bracket']);
    await expect.poll(() => page.getByTestId('tournament-stage').textContent()).toMatch(/^Round of 16 · next: Tapti Tigers C\w+ vs Hostel A C\w+, \w+ \d\d:\d\d$/);
    const bracket = page.getByRole('region', { name: 'Bracket (scrolls sideways)' });
    for (const round of ['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final', 'Champion']) await bracket.getByText(round, { exact: true }).waitFor();
    expect(await page.locator('.bracket [data-match^="R1-"]').count()).toBe(8);
    expect(await page.locator('.bracket [data-match]').count()).toBe(15);
    await page.locator('[data-match="R2-M1"]').getByText('Winner of R1-M1').waitFor();
    // A name too long for two lines of its box is cut after a whole word; its box's name (the words cut off
    // in brackets), a <title> and the list under the drawing hold it whole.
    const long = cupTeams[1].teamName;
    expect(await page.locator('[data-match="R1-M5"] title').first().textContent()).toBe(long);
    expect((await page.locator('[data-match="R1-M5"] .bracket-row').first().locator('text.bracket-name').allTextContents()).join(' ')).toMatch(/^Narmada Nightowls\b.*…$/);
    expect((await page.locator('[data-match="R1-M5"]').getAttribute('aria-label'))!.replace(/[()]/g, '')).toContain(long);
    await page.getByRole('region', { name: 'Names cut short above' }).getByRole('listitem').filter({ hasText: long }).waitFor();

    // On a phone the drawing scrolls inside its frame; the page does not.
    const frame = await bracket.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(frame.scroll).toBeGreaterThan(frame.client);
    expect(await bracketProblems(page)).toEqual([]);
    await page.screenshot({ path: 'tests/screenshots/tournament-bracket-16-phone.png', animations: 'disabled', timeout: 30_000 });
    await page.setViewportSize(LAPTOP);
    expect(await bracketProblems(page)).toEqual([]);
    // On a laptop the whole 16-team bracket, champion included, shows without scrolling sideways.
    const wide = await bracket.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(wide.scroll).toBeLessThanOrEqual(wide.client);
    await page.screenshot({ path: 'tests/screenshots/tournament-bracket-16-laptop.png', fullPage: true, animations: 'disabled', timeout: 30_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    // WCAG 2.1 too: each tappable side's name holds what it shows (label in name).
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });

  it('marks a declared winner and moves them into the next round, live, without a reload', async () => {
    const { page } = visitor;
    const watched = watching(page, cupId);
    await page.reload();
    await watched;
    const shape = await shapeOf(operator, cupId);
    const first = shape.bracket!.rounds[0].matches[0];
    const winner = 'team' in first.away ? first.away.team : undefined; // the 16th seed knocks out the top seed
    expect(winner?.teamName).toMatch(/^Hostel A/);
    expect((await operator.post(`/admin/events/${first.eventId}/result`, { winnerTeamId: winner!._id })).status).toBe(202);

    const box = page.locator('[data-match="R1-M1"]');
    await box.locator('.bracket-row.is-winner').getByText(winner!.teamName).waitFor({ timeout: LIVE_TIMEOUT });
    await box.locator('.bracket-row.is-loser').getByText(/^Tapti Tigers/).waitFor();
    // The winner waits in R2-M1's home slot for the winner of R1-M2.
    await page.locator('[data-match="R2-M1"] .bracket-row').first().getByText(winner!.teamName).waitFor({ timeout: LIVE_TIMEOUT });
    await page.locator('.bracket-line.is-through').first().waitFor();
    expect(await bracketProblems(page)).toEqual([]);
    await snap(page, 'tournament-bracket-16-after-result');
    expect(visitor.problems).toEqual([]);
  });

  it('opens a match for betting from its team in the bracket, and shows a decided match as its card', async () => {
    const { page } = visitor;
    // A decided match: its card, on the matches tab.
    await page.locator('[data-match="R1-M1"]').click();
    await page.waitForURL((url) => !url.search.includes('view='));
    const shape = await shapeOf(operator, cupId);
    const decided = shape.bracket!.rounds[0].matches[0];
    await page.locator(`#event-${decided.eventId}`).getByText('Match Over').waitFor();
    await expect.poll(() => page.locator(`#event-${decided.eventId}`).evaluate((card) => card.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await snap(page, 'tournament-knockout-matches');

    // An open match: tapping a team is that team's 'Place bid' (a visitor logs in first, then comes back).
    await page.goto(`/events?tournamentId=${cupId}&view=bracket`);
    // A match still waiting for its teams says what it waits for and when it is due, and the bracket stays.
    await page.locator('[data-match="R2-M2"]').click();
    await page.locator('.notistack-SnackbarContainer').getByText(/^Quarter-finals waits for the winner of .+ v .+ and the winner of .+ v .+; due /).waitFor();
    expect(page.url()).toContain('view=bracket');
    const open = shape.bracket!.rounds[0].matches[1];
    const team = 'team' in open.home ? open.home.team : undefined;
    const betOnHome = page.locator(`[data-match="${open.key}"] .bracket-row[role="button"]`).first();
    // Named by the team as drawn (any words cut off in brackets), then what a tap does.
    expect((await betOnHome.getAttribute('aria-label'))!.replace(/[()]/g, '')).toBe(`${team!.teamName}: Bet on this team`);
    await betOnHome.click();
    await page.waitForURL(/\/auth\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain(`tournamentId=${cupId}`);
    expect(visitor.problems).toEqual([]);
  });

  it("shows the league's points table with its tie-break, updated live when a result is declared", async () => {
    const { page } = visitor;
    const watched = watching(page, leagueId);
    await page.goto(`/events?tournamentId=${leagueId}&view=table`);
    await watched;
    // A league has no bracket. (The tabs come with the tournament's shape, the table with its own code: waited for.)
    await expect.poll(() => page.getByRole('navigation', { name: 'Tournament' }).getByRole('link').allTextContents()).toEqual(['Matches', 'Table']);
    await expect.poll(() => page.getByTestId('tournament-stage').textContent()).toMatch(/^Matchday 1 · next: /);
    const table = page.getByRole('table', { name: 'Points table' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(16);
    await page.getByText(/^Teams are ordered by points/).waitFor();

    const shape = await shapeOf(operator, leagueId);
    const next = shape.next!;
    const [winner, loser] = next.teams;
    expect((await operator.post(`/admin/events/${next.eventId}/result`, { winnerTeamId: winner._id })).status).toBe(202);
    const row = (name: string) => table.locator('tbody tr', { has: page.getByRole('rowheader', { name, exact: true }) });
    // Place, then played, won, drawn, lost, scored, conceded, difference and points (the team is the row's
    // header): a result with no score counts no goals, and a tournament of no sport gives 3 for a win.
    await expect.poll(async () => (await row(winner.teamName).locator('td').allTextContents()).join(' '), { timeout: LIVE_TIMEOUT }).toBe('1 1 1 0 0 0 0 0 3');
    await expect.poll(async () => (await row(loser.teamName).locator('td').allTextContents()).slice(1).join(' ')).toBe('1 0 0 1 0 0 0 0');
    await snap(page, 'tournament-table-16');
    await page.setViewportSize(LAPTOP);
    await page.screenshot({ path: 'tests/screenshots/tournament-table-16-laptop.png', fullPage: true, animations: 'disabled', timeout: 30_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });

  it("says each tournament's format, stage and what is next on its home card", async () => {
    const { page } = visitor;
    await page.goto('/home');
    for (const [title, stage] of [[`Inter-hostel Cup ${suffix}`, /^Knockout · Round of 16 · next \w+ \d\d:\d\d$/], [`Hostel Premier League ${suffix}`, /^League · Matchday 1 · next (\w+|\d+ \w+) \d\d:\d\d$/]] as const) {
      const card = page.getByRole('link', { name: new RegExp(title) });
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.locator('.tournament-card-stage').textContent()).toMatch(stage);
    }
    await page.getByRole('link', { name: new RegExp(`Inter-hostel Cup ${suffix}`) }).screenshot({ path: 'tests/screenshots/tournament-card-stage-phone.png', animations: 'disabled', timeout: 30_000 });
    expect(visitor.problems).toEqual([]);
  });
});
