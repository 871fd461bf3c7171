// Live match cards (issue 13 §3) in two browser contexts: a visitor who is not signed in watches the
// events page while the operator pauses one match and declares its result through the API: the card
// changes within a second, with no reload. A match starting a few seconds ahead counts down on its card
// and 'Place bid' gives way to 'Betting closed' at its start time. A signed-in bettor sees their own bet
// on the card, then what it paid; every visitor sees the crowd split; the share button copies the link.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import * as fixture from '../../scripts/bench/bettors.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createTeam, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, holdSocketMessages, launchBrowser, openPage, pushWitness, snap, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const LIVE_MS = 1_000;
/** How far ahead the soon match starts: the page has loaded and its countdown has ticked by then. */
const SOON_MS = 12_000;

/** Resolves once the page's WebSocket watches a tournament (the server acknowledges the watch). */
const watching = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"action":"watch"') && String(payload).includes('"statusCode":200')) resolve();
      }),
    );
  });

/** Polls until `locator` is visible; resolves the time it was first seen. */
async function seenAt(locator: Locator, timeout = 5_000): Promise<number> {
  await locator.waitFor({ timeout });
  return Date.now();
}

describe.sequential('live match cards', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let visitor: WatchedPage;
  let bettor: WatchedPage;
  let operator: ApiClient;
  let teams: AdminTeam[];
  let match: AdminEvent;
  let soon: AdminEvent;
  let tournamentId: string;
  const cardOf = (page: Page, event: AdminEvent) => page.locator(`#event-${event._id}`);

  beforeAll(async () => {
    browser = await launchBrowser();
    [visitor, bettor] = await Promise.all([openPage(browser, baseUrl), openPage(browser, baseUrl)]);
    await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    operator = await operatorClient();
    tournamentId = (await operator.post('/admin/tournaments', { title: 'Live Cup', previewImg: '/demo/cricket.svg' })).body.data._id;
    teams = [await createTeam(operator, 'Ganga Lions'), await createTeam(operator, 'Yamuna Tigers')];
    const event = async (time: string) => (await operator.post('/admin/events', { tournamentId, time, teamIds: teams.map((t) => t._id) })).body.data as AdminEvent;
    match = await event(new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString());
    // A verified bettor with a session, written as verify-email writes them (no password hashing to wait for).
    Object.assign(process.env, inject('cloudEnv'), { JWT_SECRET: inject('jwtSecret') });
    useTestEnv();
    const { cookie } = await fixture.createBettor(await fixture.domainModules(), 0);
    const [name, value] = cookie.split('=');
    await bettor.context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const placed = await bettor.page.request.post('/api/v1/bet/create-new', { data: { eventId: match._id, teamId: teams[0]._id, betWay: 'coin', amount: 200 } });
    expect(placed.status()).toBe(201);
    soon = await event(new Date(Date.now() + SOON_MS).toISOString());
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it("counts down on the soon match's card and closes its betting at the start time, without a reload", async () => {
    const watched = watching(visitor.page);
    await visitor.page.goto(`/events?tournamentId=${tournamentId}`);
    await watched;
    const card = cardOf(visitor.page, soon);
    const timer = card.getByRole('timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^Starts in 00:\d\d$/);
    await expect.poll(() => timer.textContent(), { timeout: 2_500 }).not.toBe(first);
    await expect(card.getByRole('button', { name: 'Place bid on Ganga Lions' }).isVisible()).resolves.toBe(true);
    // Every visitor sees the crowd split: the bettor's one bet on the other match.
    await cardOf(visitor.page, match).getByRole('group', { name: 'Crowd split: 100% Ganga Lions, 0% Yamuna Tigers, of 1 bettor' }).waitFor();
    await snap(visitor.page, 'live-card-countdown');

    const closedAt = await seenAt(card.getByText('Betting closed'), SOON_MS + 5_000);
    expect(closedAt - Date.parse(soon.time)).toBeLessThan(LIVE_MS);
    expect(await card.getByRole('button', { name: /Place bid/ }).count()).toBe(0);
    expect(await card.getByRole('timer').count()).toBe(0);
    await snap(visitor.page, 'live-card-closed');
  });

  it("changes the visitor's card within a second when the operator pauses the match, then declares its result", async () => {
    await bettor.page.goto(`/events?tournamentId=${tournamentId}`);
    await cardOf(bettor.page, match).getByText('Your bet: 200 coins on Ganga Lions').waitFor();
    const card = cardOf(visitor.page, match);
    // Timed from the operator's answer: the change is committed by then (the request itself is not the push).
    expect((await operator.patch(`/admin/events/${match._id}`, { isBetActive: false })).status).toBe(200);
    const pausedAt = Date.now();
    expect((await seenAt(card.getByText('OOps!! Bet paused'))) - pausedAt).toBeLessThan(LIVE_MS);
    expect(await card.getByRole('button', { name: /Place bid/ }).count()).toBe(0);
    await snap(visitor.page, 'live-card-paused');

    expect((await operator.post(`/admin/events/${match._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    const decidedAt = Date.now();
    expect((await seenAt(card.getByText('Winner: Ganga Lions'))) - decidedAt).toBeLessThan(LIVE_MS);
    expect(await accessibilityProblems(visitor.page)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });

  it('copies the link of a match from its share button', async () => {
    await cardOf(visitor.page, match).getByRole('button', { name: 'Share Ganga Lions vs Yamuna Tigers' }).click();
    await visitor.page.getByText('Link copied').waitFor();
    const copied = await visitor.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseUrl}/events?tournamentId=${tournamentId}#event-${match._id}`);
  });

  it('shows a pause made after the page read its matches but before the server knew it watched', async () => {
    const later = (await operator.post('/admin/events', { tournamentId, time: new Date(Date.now() + 60 * 60 * 1000).toISOString(), teamIds: teams.map((t) => t._id) })).body.data as AdminEvent;
    const late = await openPage(browser, baseUrl);
    const socket = await holdSocketMessages(late.page);
    await late.page.goto(`/events?tournamentId=${tournamentId}`);
    const card = cardOf(late.page, later);
    await card.getByRole('button', { name: 'Place bid on Ganga Lions' }).waitFor();
    await expect.poll(() => socket.heldWatches()).toBeGreaterThan(0);
    const witness = await pushWitness(baseUrl, tournamentId);
    expect((await operator.patch(`/admin/events/${later._id}`, { isBetActive: false })).status).toBe(200);
    await witness.pushed(later._id);
    witness.close();
    socket.release();
    await card.getByText('OOps!! Bet paused').waitFor();
    expect(await card.getByRole('button', { name: /Place bid/ }).count()).toBe(0);
    expect(late.problems).toEqual([]);
    await late.context.close();
  });

  it('shows the signed-in bettor what their bet paid once settled', async () => {
    const card = cardOf(bettor.page, match);
    await card.getByText('You won: 200 coins on Ganga Lions paid 300 coins').waitFor({ timeout: 15_000 });
    await snap(bettor.page, 'live-card-my-bet');
    expect(await accessibilityProblems(bettor.page)).toEqual([]);
    expect(bettor.problems).toEqual([]);
  });
});
