// The referee's page, as a referee with no account uses it on a phone (390x844): the organiser shares a
// scorer link for Court 2; the referee opens it, taps the match and keeps the score. A tap made with no
// network, or whose request fails, waits on the phone (a reload keeps it) and goes when the network is
// back; then End match → Draw → Send result leaves the result pending for the organiser. The secret never
// travels in an address, and leaves the address bar at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam, AdminTournament, GameEvent, ScorerLink } from '../../shared/api.ts';
import { SCORER_TOKEN_HEADER } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { hoursFromNow, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap, WCAG_21, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const HELD = "Saved on this phone: sends when you're back online";

describe.sequential("the referee's page", () => {
  let browser: Browser;
  let referee: WatchedPage;
  let operator: ApiClient;
  let tournament: AdminTournament;
  let home: string;
  let away: string;
  let match: AdminEvent;
  let secret: string;
  /** Every request the page made: its address, and the scorer header it carried. */
  const requests: { url: string; token?: string }[] = [];

  beforeAll(async () => {
    operator = await operatorClient();
    const tag = randomUUID().slice(0, 4);
    tournament = (await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Hostel Cup ${tag}`, sport: 'football' })).body.data;
    const teams = (
      await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournament._id}/teams/bulk`, {
        teams: [`Tapti ${tag}`, `Ganga ${tag}`].map((teamName) => ({ teamName, members: [] })),
      })
    ).body.data.created;
    [home, away] = teams.map((team) => team.teamName);
    const made = await operator.post<{ data: AdminEvent }>('/admin/events', { tournamentId: tournament._id, time: hoursFromNow(1), teamIds: teams.map((team) => team._id), venue: 'Court 2' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    match = made.body.data;
    const link = await operator.post<{ data: ScorerLink }>(`/admin/tournaments/${tournament._id}/scorer-links`, { name: 'Court 2', venue: 'Court 2' });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    secret = new URL(link.body.data.url).hash.slice(1);
    browser = await launchBrowser();
    referee = await openPage(browser, baseUrl); // a fresh context: nobody is logged in
    referee.page.on('request', (request) => requests.push({ url: request.url(), token: request.headers()[SCORER_TOKEN_HEADER] }));
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  /** The match as the public list has it (what bettors see). */
  const listed = async () => (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournament._id}`)).body.data.find((event) => event._id === match._id)!;
  const liveScore = async () => (await listed()).liveScore;
  const plus = (page: Page, team: string) => page.getByRole('button', { name: `Add 1 goal for ${team}`, exact: true });
  const minus = (page: Page, team: string) => page.getByRole('button', { name: `Take 1 goal off ${team}`, exact: true });
  const held = (page: Page) => page.getByText(HELD);

  /** Every control of the page (the app's header apart) is at least 48px tall and wide. */
  async function smallTargets(page: Page): Promise<string[]> {
    const controls = page.locator('#main').locator('button:visible, a:visible, summary:visible, label:has(input[type=radio]):visible');
    const small: string[] = [];
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box && (box.height < 48 || box.width < 48)) small.push(`${(await control.textContent())?.trim()}: ${box.width}x${box.height}`);
    }
    return small;
  }

  it('opens the link with no account, takes the secret off the address bar, and opens the match in one tap', async () => {
    const { page } = referee;
    await page.goto(`/score#${secret}`);
    await page.getByRole('heading', { name: `Court 2 · ${tournament.title}`, level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await smallTargets(page)).toEqual([]);
    await snap(page, 'referee-matches');
    await page.getByRole('link', { name: new RegExp(`^${home} v ${away}`) }).click();
    await plus(page, home).waitFor();
    expect(new URL(page.url()).search).toBe(`?match=${match._id}`);
  });

  it('keeps the score: each tap shows at once and reaches the server, read out for a screen reader', async () => {
    const { page } = referee;
    await page.getByText('The first goal closes betting on this match.').waitFor();
    await plus(page, home).click();
    await plus(page, home).click();
    await plus(page, away).click();
    await page.getByRole('status').filter({ hasText: `${home} 2, ${away} 1` }).waitFor({ state: 'attached' });
    await expect.poll(liveScore).toEqual({ home: 2, away: 1 });
    expect((await listed()).isBetActive).toBe(false); // the first tap closed betting

    for (const name of [`Add 1 goal for ${home}`, `Take 1 goal off ${home}`, `Add 1 goal for ${away}`, `Take 1 goal off ${away}`]) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(64);
    }
    expect(await smallTargets(page)).toEqual([]);
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    await snap(page, 'referee-scorer');
  });

  it('keeps a tap made offline on the phone, says so, and sends it when the network is back', async () => {
    const { page, context } = referee;
    await context.setOffline(true);
    await plus(page, away).click();
    await held(page).filter({ hasText: '(1 tap)' }).waitFor();
    await page.getByRole('status').filter({ hasText: `${home} 2, ${away} 2` }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => localStorage.getItem('scorer-taps'))).toContain('"away":2');
    await snap(page, 'referee-offline');
    await context.setOffline(false);
    await expect.poll(liveScore).toEqual({ home: 2, away: 2 });
    await held(page).waitFor({ state: 'hidden' });
  });

  it('keeps a tap whose request failed through a reload, and sends it on a retry', async () => {
    const { page } = referee;
    // The network says it is up, but the score's request never arrives (a weak signal).
    await page.route('**/api/v1/scorer/matches/*/score', (route) => route.abort('internetdisconnected'));
    await plus(page, home).click();
    await held(page).filter({ hasText: '(1 tap)' }).waitFor();
    await page.reload();
    // The secret is the tab's, so the page opens without it in the address; the tap is still there.
    await page.getByRole('heading', { name: `Court 2 · ${tournament.title}`, level: 1 }).waitFor();
    await held(page).filter({ hasText: '(1 tap)' }).waitFor();
    await page.getByText(`${home}: 3`).waitFor();
    expect(await liveScore()).toEqual({ home: 2, away: 2 });
    await page.unroute('**/api/v1/scorer/matches/*/score');
    await expect.poll(liveScore).toEqual({ home: 3, away: 2 }); // the retry timer's next try
    await held(page).waitFor({ state: 'hidden' });
    await minus(page, home).click();
    await expect.poll(liveScore).toEqual({ home: 2, away: 2 });
  });

  it('ends the match: End match → Draw → Send result, then the result waits for the organiser', async () => {
    const { page, problems } = referee;
    await page.getByRole('button', { name: 'End match' }).click();
    await page.getByRole('radio', { name: 'Draw' }).check();
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await snap(page, 'referee-end-match');
    await page.getByRole('button', { name: 'Send result' }).click();
    await page.getByText(/^Result pending: the organiser confirms it, or it stands in \d+ minutes? \(at \d\d:\d\d UTC\)\.$/).waitFor();
    await page.getByText(`Draw 2–2`).waitFor();
    await expect.poll(async () => (await listed()).resultPending).toBe(true);
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    await snap(page, 'referee-result-pending');

    // Back on the list, the match says where it stands.
    await page.getByRole('link', { name: 'All matches' }).first().click();
    await page.getByRole('link', { name: new RegExp(`^${home} v ${away}.*Result pending`) }).waitFor();
    expect(problems).toEqual([]);
  });

  it('says so in full when the link does not work (revoked, expired or mistyped)', async () => {
    const { page } = referee;
    const other = await referee.context.newPage(); // a tab of its own: the link it keeps is its own
    await other.goto(`/score#${secret.slice(0, -4)}AAAA`);
    await other.getByText(MSG.scorerLinkInvalid).waitFor();
    expect(await other.getByRole('button').filter({ hasText: /\+1|End match/ }).count()).toBe(0);
    await other.close();
    await page.reload(); // this tab still has its own link
    await page.getByRole('heading', { name: `Court 2 · ${tournament.title}`, level: 1 }).waitFor();
  });

  it('sent the secret in its header only, never in an address', () => {
    const scorerRequests = requests.filter((request) => request.url.includes('/api/v1/scorer/'));
    expect(scorerRequests.length).toBeGreaterThan(4);
    expect(scorerRequests.every((request) => request.token === secret)).toBe(true);
    expect(requests.filter((request) => request.url.includes(secret))).toEqual([]);
  });
});
