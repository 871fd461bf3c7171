// The knockout, to the end, as a student watches it (issue 21 §6 numbers): an organiser publishes a
// 12-team knockout (11 matches, the top 4 seeds through a bye); the results, declared one by one while the
// bracket is open, carry every winner on and open each next match for bets; the champion shows on the
// bracket, and the stage says 'Finished'. Phone and laptop screenshots of the finished bracket.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import { planFormat } from '../../shared/format-plan.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createTournament, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap, WCAG_21, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const HOUR_MS = 60 * 60 * 1000;
const HOSTELS = ['Tapti', 'Narmada', 'Godavari', 'Kaveri', 'Mahanadi', 'Yamuna', 'Ganga', 'Sabarmati', 'Krishna', 'Sutlej', 'Ravi', 'Beas'];

describe.sequential('a 12-team knockout played to its champion', () => {
  let browser: Browser;
  let visitor: WatchedPage;
  let operator: ApiClient;
  let tournamentId: string;
  let teams: AdminTeam[];
  let events: AdminEvent[];

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await openPage(browser, baseUrl);
    operator = await operatorClient();
    tournamentId = (await createTournament(operator, `Hostel Cup ${suffix}`))._id;
    const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, {
      teams: HOSTELS.map((name) => ({ teamName: `${name} ${suffix}`, members: ['Asha', 'Ravi'] })),
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    // The paste's order is the seeding: Tapti is the top seed.
    teams = HOSTELS.map((name) => entered.body.data.created.find((team) => team.teamName === `${name} ${suffix}`)!);
    const seeded = teams.map((team) => team._id);
    const { matches } = planFormat({ kind: 'knockout' }, seeded);
    const schedule = Object.fromEntries(matches.map((match, i) => [match.id, { startsAt: new Date(Date.now() + (24 + match.round * 24 + i) * HOUR_MS).toISOString() }]));
    const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournamentId}/format`, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    events = published.body.data.events;
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close();
  });

  it('has 11 matches, the 4 top seeds waiting in the quarter-finals', async () => {
    expect(events).toHaveLength(11);
    const { page } = visitor;
    await page.goto(`/events?tournamentId=${tournamentId}&view=bracket`);
    const bracket = page.getByRole('region', { name: 'Bracket (scrolls sideways)' });
    await bracket.getByText('Quarter-finals', { exact: true }).waitFor();
    // 16 slots: round 1 is 8 pairings of which 4 are byes; the top seeds are already in the quarter-finals.
    expect(await page.locator('.bracket [data-match^="R1-"]').count()).toBe(8);
    for (const seed of teams.slice(0, 4)) await page.locator('.bracket [data-match^="R2-"]').getByText(seed.teamName).first().waitFor();
  });

  it('carries every winner on, opening each next match, to a champion on the bracket', { timeout: 180_000 }, async () => {
    const { page } = visitor;
    // The better seed (home) wins every match, round by round; each next match opens once both sides are known.
    for (const round of ['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final']) {
      for (const match of events.filter((event) => event.stage === round)) {
        const now = (await operator.get<{ data: AdminEvent }>(`/admin/events/${match._id}`)).body.data;
        expect(now.teamIds, `${round} has both teams before its result`).toHaveLength(2);
        expect(now.isBetActive, `${round} is open for bets`).toBe(true);
        const declared = await operator.post(`/admin/events/${match._id}/result`, { winnerTeamId: now.teamIds[0] });
        expect(declared.status, JSON.stringify(declared.body)).toBe(202);
      }
    }
    const champion = teams[0].teamName;
    await expect.poll(() => page.locator('.bracket-champion').getAttribute('aria-label'), { timeout: 20_000 }).toBe(`Champion: ${champion}`);
    await expect.poll(() => page.getByTestId('tournament-stage').textContent(), { timeout: 20_000 }).toBe(`Finished · Champion: ${champion}`);
    // At the final every played match's box is a button: each one's name holds what it shows (WCAG 2.1, label in name).
    expect(await page.locator('.bracket [data-match][role="button"]').count()).toBe(events.length);
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await snap(page, 'knockout-12-champion');

    // Opened again on a phone, the bracket shows the champion, not the first round; its rows are 44 px tall taps.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const champion390 = page.locator('.bracket-champion');
    await champion390.waitFor();
    // In view across and down: the page scrolls to it as it opens, the bracket's frame sideways.
    await expect
      .poll(() =>
        champion390.evaluate((box) => {
          const { left, right, top, bottom } = box.getBoundingClientRect();
          return left >= 0 && right <= window.innerWidth && top >= 0 && bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    const rowHeights = await page.locator('.bracket-row-bg').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.min(...rowHeights)).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: 'tests/screenshots/knockout-12-champion-opened-phone.png', animations: 'disabled', timeout: 30_000 });
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
  });
});
