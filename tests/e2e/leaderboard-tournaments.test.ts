// The team leaderboard tells apart teams of one name from different tournaments, in Chromium at 390x844
// and 1280x800: two 'Kaveri Hostel' teams, one of a football cup and one of a cricket league, each with
// trophies, show as two rows, each naming its tournament under the team's name.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AdminTeam } from '../../shared/api.ts';
import { createTournament, domainModules, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap, WCAG_21, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const NAME = `Kaveri Hostel ${suffix}`;
const TITLES = { football: `Inter-hostel Football ${suffix}`, cricket: `Inter-hostel Cricket ${suffix}` };

describe.sequential('the team leaderboard with two teams of one name', () => {
  let browser: Browser;
  let visitor: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await openPage(browser, baseUrl);
    const operator = await operatorClient();
    const { dynamodb } = await domainModules();
    const teams = await import('#functions/data/teams.ts');
    // Trophies as settlement awards them, one a match won: more than the run's other teams have, so both rows are near the top.
    for (const [title, trophies] of [[TITLES.football, 40], [TITLES.cricket, 39]] as const) {
      const tournament = await createTournament(operator, title);
      const made = await operator.post<{ data: AdminTeam }>('/admin/teams', { teamName: NAME, teamRank: 1, members: [{ name: 'Asha' }], tournamentId: tournament._id });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      for (let trophy = 0; trophy < trophies; trophy++) await dynamodb.transactWrite([teams.awardTrophyItem(made.body.data._id, trophy)]);
    }
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it("names each row's tournament under the team, so the two Kaveri Hostel rows differ", async () => {
    const { page } = visitor;
    await page.goto('/leaderboard?boardFor=teams');
    const rows = page.getByRole('list', { name: 'Teams by trophies' }).getByRole('listitem').filter({ has: page.locator('.board-name', { hasText: NAME }) });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.locator('.board-tournament').allTextContents()).toEqual([`, ${TITLES.football}`, `, ${TITLES.cricket}`]);
    // Read as one line each: the place, the team, its tournament, its trophies.
    expect((await rows.first().textContent())?.replace(/\s+/g, ' ')).toMatch(new RegExp(`^#\\d+${NAME}, ${TITLES.football}40 trophies$`));
    // The tournament is a line of its own under the name, on a phone too.
    for (const row of [rows.first(), rows.last()]) {
      const [name, tournament] = [(await row.locator('.board-name').boundingBox())!, (await row.locator('.board-tournament').boundingBox())!];
      expect(tournament.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
    }
    await snap(page, 'leaderboard-same-names');
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });
});
