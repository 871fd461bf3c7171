// Scores as people keep and follow them, in Chromium at 390x844 and 1280x800, for a football tournament:
// the organiser keeps a match's live score from the console's match day on a phone (+1, +1, +1) while a
// bettor's matches page, open in another browser, shows each goal on the match's card without a reload;
// 'End match' opens the result dialog with the score filled in, and the card shows the final result. In
// a football league, the bet screen says a match may end drawn; the organiser records a draw 1–1 from a
// laptop; the card says the stakes went back, and the table counts the draw for both teams, scrolling
// inside its own box on a phone, not the page.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam, AdminTournament } from '../../shared/api.ts';
import { MSG } from '../../shared/messages.ts';
import { planFormat } from '../../shared/format-plan.ts';
import type { ApiClient } from '../helpers/api.ts';
import { hoursFromNow, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import {
  accessibilityProblems,
  DESKTOP,
  launchBrowser,
  logInThroughForm,
  openPage,
  PHONE,
  registerThroughApi,
  scrollIntoView,
  snap,
  uniqueEmail,
  watching,
  WCAG_21,
  type WatchedPage,
} from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
/** A settled bet reaches the card after the settlement worker, on a busy machine in more than the 8 s default. */
const SETTLED_TIMEOUT = 15_000;

/** A football tournament, its teams pasted in order. */
async function footballTournament(operator: ApiClient, title: string, names: string[]): Promise<{ tournamentId: string; teams: AdminTeam[] }> {
  const created = await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title, previewImg: '/demo/cricket.svg', sport: 'football' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const tournamentId = created.body.data._id;
  const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, { teams: names.map((teamName) => ({ teamName, members: ['Asha', 'Ravi'] })) });
  expect(entered.status, JSON.stringify(entered.body)).toBe(201);
  return { tournamentId, teams: names.map((name) => entered.body.data.created.find((team) => team.teamName === name)!) };
}

/** Whether the page itself scrolls sideways (on a phone it must not: a wide table scrolls in its box). */
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth);

describe.sequential('scores kept live and results with scores', () => {
  let browser: Browser;
  let organiser: WatchedPage;
  let bettor: WatchedPage;
  let operator: ApiClient;

  beforeAll(async () => {
    browser = await launchBrowser();
    [organiser, bettor] = await Promise.all([openPage(browser, baseUrl), openPage(browser, baseUrl)]);
    operator = await operatorClient();
    await logInThroughForm(organiser.page, OPERATOR);
    await registerThroughApi(bettor.page, baseUrl, { userName: 'Nisha Fan', email: uniqueEmail(), password: 'scores-password-1' });
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  describe('a match scored live from the touchline', () => {
    let tournamentId: string;
    let home: AdminTeam;
    let away: AdminTeam;
    let match: AdminEvent;

    beforeAll(async () => {
      let teams: AdminTeam[];
      ({ tournamentId, teams } = await footballTournament(operator, `Hostel Football Cup ${suffix}`, [`Tapti FC ${suffix}`, `Ganga United ${suffix}`]));
      [home, away] = teams;
      // Kicked off a few minutes ago: on the match day as being played.
      const created = await operator.post<{ data: AdminEvent }>('/admin/events', { tournamentId, time: hoursFromNow(-0.05), teamIds: [home._id, away._id] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      match = created.body.data;
    });

    it("shows each goal the organiser taps on the bettor's card, without a reload", async () => {
      const card = bettor.page.locator(`#event-${match._id}`);
      const watched = watching(bettor.page, tournamentId);
      await bettor.page.goto(`/events?tournamentId=${tournamentId}`);
      await watched;
      await card.getByText('Betting closed').waitFor();

      const { page } = organiser;
      await page.goto(`/operator/events?tournamentId=${tournamentId}`);
      const scorer = page.getByRole('group', { name: `Live score of ${home.teamName} versus ${away.teamName}` });
      await scorer.getByText('The first tap closes betting.').waitFor();
      const goalFor = (team: AdminTeam) => scorer.getByRole('button', { name: `+1 goal for ${team.teamName}` });
      const liveScore = card.locator('.event-live-score');
      // Each tap is seen on the card before the next (the suite's 8 s wait: a push takes about a second).
      for (const [team, score] of [[home, '1–0'], [home, '2–0'], [away, '2–1']] as const) {
        await goalFor(team).click();
        await liveScore.filter({ hasText: score }).waitFor();
      }
      await card.locator('.event-live', { hasText: 'Live' }).filter({ hasText: home.teamName }).filter({ hasText: away.teamName }).waitFor();
      await scorer.getByText(MSG.liveScoreSaved).waitFor();
      expect(await scorer.getByLabel(`${home.teamName} goals`).textContent()).toBe('2');
      expect(await scorer.getByLabel(`${away.teamName} goals`).textContent()).toBe('1');

      await scorer.scrollIntoViewIfNeeded();
      await snap(page, 'match-scores-live-scorer');
      expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await snap(bettor.page, 'match-scores-live-card');
      expect(await accessibilityProblems(bettor.page, WCAG_21)).toEqual([]);
      expect(organiser.problems).toEqual([]);
      expect(bettor.problems).toEqual([]);
    });

    it("ends the match from the scorer: the dialog has the score filled in, and the bettor's card shows the result", async () => {
      const { page } = organiser;
      const scorer = page.getByRole('group', { name: `Live score of ${home.teamName} versus ${away.teamName}` });
      await scorer.getByRole('button', { name: 'End match' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record the result' });
      // The leader is chosen from the score.
      expect(await dialog.getByRole('radio', { name: home.teamName }).isChecked()).toBe(true);
      expect(await dialog.getByLabel(`${home.teamName} goals`).inputValue()).toBe('2');
      expect(await dialog.getByLabel(`${away.teamName} goals`).inputValue()).toBe('1');
      await snap(page, 'match-scores-end-match');
      expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
      await dialog.getByRole('button', { name: `Declare ${home.teamName} winner` }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator('.notistack-SnackbarContainer').getByText('Winner declared; bets are being settled').waitFor();

      const card = bettor.page.locator(`#event-${match._id}`);
      await card.locator('.event-result-over', { hasText: `Match Over · ${home.teamName} 2–1 ${away.teamName}` }).waitFor();
      expect(await card.locator('.event-live').count()).toBe(0);
      await scrollIntoView(card);
      await snap(bettor.page, 'match-scores-final-card');

      // The match day files it under the decided, with its score.
      await page.getByText('Decided (1)').click();
      await page.getByRole('article', { name: `${home.teamName} versus ${away.teamName}` }).getByText(`${home.teamName} 2–1 ${away.teamName} · ${home.teamName} won`).waitFor();
      await snap(page, 'match-scores-decided');
      expect(organiser.problems).toEqual([]);
      expect(bettor.problems).toEqual([]);
    });
  });

  describe('a drawn league match', () => {
    let leagueId: string;
    let teams: AdminTeam[];
    let match: AdminEvent & { teamIds: [string, string] };
    const nameOf = (teamId: string) => teams.find((team) => team._id === teamId)!.teamName;

    beforeAll(async () => {
      const names = ['Kaveri Rovers', 'Yamuna Athletic', 'Narmada Nightowls Hostel', 'Sutlej Strikers'].map((name) => `${name} ${suffix}`);
      ({ tournamentId: leagueId, teams } = await footballTournament(operator, `Hostel Football League ${suffix}`, names));
      const seeded = teams.map((team) => team._id);
      // Every match from tomorrow, an hour apart.
      const schedule = Object.fromEntries(planFormat({ kind: 'league', double: false }, seeded).matches.map((planned, i) => [planned.id, { startsAt: hoursFromNow(24 + i) }]));
      const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${leagueId}/format`, { format: { kind: 'league', double: false }, seededTeamIds: seeded, schedule });
      expect(published.status, JSON.stringify(published.body)).toBe(201);
      match = [...published.body.data.events].sort((a, b) => a.time.localeCompare(b.time))[0] as typeof match;
    }, 60_000);

    it('says on the bet screen that the match may end drawn, and takes the bet', async () => {
      const { page } = bettor;
      await page.goto(`/events?tournamentId=${leagueId}`);
      const homeName = nameOf(match.teamIds[0]);
      await page.locator(`#event-${match._id}`).getByRole('button', { name: `Place bid on ${homeName}` }).click();
      await page.getByRole('dialog', { name: 'Select betting mode' }).getByRole('button', { name: 'Use coins' }).click();
      await page.waitForURL(/\/create-bet\?/);
      await page.getByRole('heading', { name: `Initiate betting on ${homeName}` }).waitFor();
      await page.getByText('This match may end drawn: a draw returns every stake.').waitFor();
      await snap(page, 'match-scores-bet-draw-note');
      expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
      await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '100', exact: true }).click();
      await page.getByRole('button', { name: 'Confirm betting' }).click();
      await page.waitForURL(/\/confirm-betting\?id=/);
      expect(bettor.problems).toEqual([]);
    });

    it('records a draw 1–1 from a laptop: the card says the stakes went back, and the table counts it for both teams', async () => {
      // Kick-off brought forward through the API rather than waited for: the match is being played.
      const kickedOff = await operator.patch(`/admin/events/${match._id}`, { time: hoursFromNow(-0.02) });
      expect(kickedOff.status, JSON.stringify(kickedOff.body)).toBe(200);
      const [homeName, awayName] = match.teamIds.map(nameOf);
      const card = bettor.page.locator(`#event-${match._id}`);
      const watched = watching(bettor.page, leagueId);
      await bettor.page.goto(`/events?tournamentId=${leagueId}`);
      await watched;
      await card.getByText(`Your bet: 100 coins on ${homeName}`).waitFor();
      await card.getByRole('group', { name: `Crowd split: 100% ${homeName}, 0% ${awayName}, of 1 bettor` }).waitFor();

      const { page } = organiser;
      await page.setViewportSize(DESKTOP);
      await page.goto(`/operator/events?tournamentId=${leagueId}`);
      const being = page.getByRole('region', { name: 'Being played (1)' });
      await being.getByRole('button', { name: 'Draw', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Record the result' });
      expect(await dialog.getByRole('radio', { name: 'Draw' }).isChecked()).toBe(true);
      await dialog.getByLabel(`${homeName} goals`).fill('1');
      await dialog.getByLabel(`${awayName} goals`).fill('1');
      await dialog.getByText('Betting closes and every stake is returned.', { exact: false }).waitFor();
      await snap(page, 'match-scores-record-draw');
      expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
      await dialog.getByRole('button', { name: 'Record draw' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator('.notistack-SnackbarContainer').getByText(MSG.drawRecorded).waitFor();
      await page.setViewportSize(PHONE);

      await card.getByText('Draw 1–1 · stakes returned').waitFor();
      await card.getByText(`Refunded: 100 coins on ${homeName}`).waitFor({ timeout: SETTLED_TIMEOUT });
      // Every stake went back: no crowd split, which would now say nobody bet.
      expect(await card.locator('.crowd-split').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await snap(bettor.page, 'match-scores-draw-card');
      expect(await accessibilityProblems(bettor.page, WCAG_21)).toEqual([]);

      // The table: played 1, drawn 1, one goal each way, a point each.
      await bettor.page.getByRole('navigation', { name: 'Tournament' }).getByRole('link', { name: 'Table' }).click();
      await bettor.page.waitForURL(/view=table/);
      const table = bettor.page.getByRole('table', { name: 'Points table' });
      const row = (name: string) => table.locator('tbody tr', { has: bettor.page.getByRole('rowheader', { name, exact: true }) });
      for (const name of [homeName, awayName]) {
        await row(name).locator('td.standings-drawn').filter({ hasText: /^1$/ }).waitFor();
        // Played, won, drawn, lost, scored, conceded, difference, points (after the place).
        expect((await row(name).locator('td').allTextContents()).slice(1)).toEqual(['1', '0', '1', '0', '1', '1', '0', '1']);
      }
      // On a phone the table is wider than the screen: it scrolls sideways in its own box, the page does not.
      const box = bettor.page.getByRole('region', { name: 'Points table (scrolls sideways)' });
      const frame = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(frame.scroll).toBeGreaterThan(frame.client);
      expect(await pageScrollsSideways(bettor.page)).toBe(false);
      await snap(bettor.page, 'match-scores-table');
      expect(await accessibilityProblems(bettor.page, WCAG_21)).toEqual([]);
      expect(organiser.problems).toEqual([]);
      expect(bettor.problems).toEqual([]);
    });
  });
});
