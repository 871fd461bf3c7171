// Scorer links in the console, on an organiser's phone (390x844): they make a link for Court 2 under the
// match day and see its QR code at once, copy the link and revoke an older one; a match's row offers a
// link for that match. A referee (the API, with the link's secret in its header) scores a match and ends
// it; the organiser's match day puts it first as 'Result pending' with the referee's score, 'Correct'
// opens the result dialog filled in with it, and one tap confirms it. Another result is disputed, and
// then waits for the organiser's own with the usual result buttons.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam, AdminTournament, GameEvent, ScorerLink } from '../../shared/api.ts';
import { SCORER_TOKEN_HEADER } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { hoursFromNow, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, DESKTOP, launchBrowser, openPage, PHONE, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const secretary = { userName: `Sports Sec ${suffix}`, email: uniqueEmail(), password: 'password-123' };

/** A referee's phone: no account, the link's secret (after its #) in a header. */
async function referee(link: ScorerLink, path: string, body: object) {
  const token = link.url.slice(link.url.indexOf('#') + 1);
  const answer = await fetch(`${baseUrl}/api/v1/scorer${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SCORER_TOKEN_HEADER]: token },
    body: JSON.stringify({ takenAt: Date.now(), ...body }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/**
 * Like snap, with `target` at the top of the screen at each size (below the sticky header): the page's
 * layout moves between the two, and what is shown is below the match day.
 */
async function snapShowing(page: Page, name: string, target: Locator) {
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await target.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -72);
    });
    try {
      await page.screenshot({ path: `tests/screenshots/${name}-${size}.png`, timeout: 30_000, animations: 'disabled' });
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      console.warn(`screenshot ${name}-${size} skipped: no frame in time (a busy machine)`);
    }
  }
  await page.setViewportSize(PHONE);
}

describe.sequential('scorer links in the console', () => {
  let browser: Browser;
  let organiser: WatchedPage;
  let operator: ApiClient;
  let tournament: AdminTournament;
  let teams: Record<'tapti' | 'ganga' | 'kaveri' | 'sutlej', AdminTeam>;
  let first: AdminEvent;
  let second: AdminEvent;
  let court2: ScorerLink;
  const linksNow = async () => (await operator.get<{ data: ScorerLink[] }>(`/admin/tournaments/${tournament._id}/scorer-links`)).body.data;

  beforeAll(async () => {
    operator = await operatorClient();
    tournament = (await operator.post<{ data: AdminTournament }>('/admin/tournaments', { title: `Courts Cup ${suffix}`, sport: 'football' })).body.data;
    const bulk = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournament._id}/teams/bulk`, {
      teams: ['Tapti', 'Ganga', 'Kaveri', 'Sutlej'].map((teamName) => ({ teamName, members: [] })),
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    const [tapti, ganga, kaveri, sutlej] = bulk.body.data.created;
    teams = { tapti, ganga, kaveri, sutlej };
    const schedule = async (hours: number, home: AdminTeam, away: AdminTeam, venue: string) => {
      const made = await operator.post<{ data: AdminEvent }>('/admin/events', { tournamentId: tournament._id, time: hoursFromNow(hours), teamIds: [home._id, away._id], venue });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.data;
    };
    first = await schedule(1, tapti, ganga, 'Court 2');
    second = await schedule(2, kaveri, sutlej, 'Court 2');
    const third = await schedule(3, tapti, kaveri, 'Court 1');
    // An older link, for the organiser to revoke.
    expect((await operator.post(`/admin/tournaments/${tournament._id}/scorer-links`, { name: 'Yesterday', eventIds: [third._id] })).status).toBe(201);
    browser = await launchBrowser();
    organiser = await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' });
    await organiser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await registerThroughApi(organiser.page, baseUrl, secretary);
    expect((await operator.post(`/admin/tournaments/${tournament._id}/organisers`, { email: secretary.email })).status).toBe(201);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('makes a Court 2 link under the match day: its QR code at once, the link copied', async () => {
    const { page } = organiser;
    await page.goto(`/operator/events?tournamentId=${tournament._id}`);
    const panel = page.getByRole('region', { name: 'Scorer links' });
    await panel.getByRole('article', { name: 'Yesterday' }).getByText('Tapti vs Kaveri').waitFor();

    // A match's row offers a link for that match.
    await page.getByRole('article', { name: 'Tapti versus Ganga' }).getByRole('button', { name: 'Scorer link' }).click();
    const asked = page.getByRole('dialog', { name: 'New scorer link' });
    expect(await asked.getByRole('radio', { name: 'This match: Tapti vs Ganga' }).isChecked()).toBe(true);
    expect(await asked.getByLabel('Name').inputValue()).toBe('Tapti vs Ganga');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });

    await panel.getByRole('button', { name: 'New scorer link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New scorer link' });
    // Neither a court nor a day: said before anything is sent.
    await dialog.getByLabel('Name').fill('Anything');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await dialog.getByText('Choose a court, a day, or both').waitFor();
    await dialog.getByLabel('Name').fill('');
    await dialog.getByLabel('Court').selectOption('Court 2');
    await dialog.getByLabel('Name').fill('Court 2');
    expect(await dialog.getByLabel('Lasts').inputValue()).toBe('24');
    await snap(page, 'scorer-link-new');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Make link' }).click();

    const ready = page.getByRole('dialog', { name: 'Scorer link ready' });
    await ready.getByRole('img', { name: 'QR code of the scorer link Court 2' }).locator('svg').waitFor();
    await ready.getByText('Court 2 · every day').waitFor();
    court2 = (await linksNow()).find((link) => link.name === 'Court 2')!;
    expect(court2.scope).toEqual({ venue: 'Court 2' });
    expect(court2.url).toMatch(/\/score#[\w-]{43}$/);
    await ready.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied: Court 2').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(court2.url);
    await snap(page, 'scorer-link-ready');
    expect(await accessibilityProblems(page)).toEqual([]);

    // On paper: only the code, large, with its name and what to do, whatever else the screen shows.
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: 'tests/screenshots/scorer-link-print.png' });
    await page.emulateMedia({ media: 'screen' });

    await ready.getByRole('button', { name: 'Done' }).click();
    await ready.waitFor({ state: 'detached' });
    // The new link stays open in the list, its code shown.
    const row = panel.getByRole('article', { name: 'Court 2' });
    await row.getByRole('img', { name: 'QR code of the scorer link Court 2' }).locator('svg').waitFor();
    expect(await row.getByRole('button', { name: 'Hide QR' }).getAttribute('aria-expanded')).toBe('true');
    await snapShowing(page, 'scorer-links-qr', row);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(organiser.problems).toEqual([]);
  });

  it('revokes another link, which then shows as revoked', async () => {
    const { page } = organiser;
    const old = page.getByRole('region', { name: 'Scorer links' }).getByRole('article', { name: 'Yesterday' });
    await old.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this scorer link?' });
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByText(MSG.scorerLinkRevoked).waitFor();
    await old.getByText('Revoked', { exact: true }).waitFor();
    expect(await old.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    expect((await linksNow()).find((link) => link.name === 'Yesterday')?.revokedAt).toBeDefined();
    expect(organiser.problems).toEqual([]);
  });

  it("changes how long a referee's result waits for a dispute", async () => {
    const { page } = organiser;
    const panel = page.getByRole('region', { name: 'Scorer links' });
    await panel.getByText("A referee's result stands after 10 minutes unless you dispute it.").waitFor();
    await panel.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: "When a referee's result stands" });
    const minutes = dialog.getByLabel('Minutes to wait for a dispute');
    await minutes.fill('0');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await minutes.fill('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText("A referee's result stands after 15 minutes unless you dispute it.").waitFor();
    expect(organiser.problems).toEqual([]);
  });

  it("shows a referee's result first as pending with their score; Correct opens it filled in; one tap confirms it", async () => {
    const { page } = organiser;
    await referee(court2, `/matches/${first._id}/score`, { home: 1, away: 0 });
    await referee(court2, `/matches/${first._id}/end`, { winnerTeamId: teams.tapti._id, score: { home: 2, away: 1 } });
    await page.reload();
    const titles = page.locator('.match-day-title');
    await expect.poll(() => titles.allTextContents()).toEqual(['Results to confirm (1)', 'Next (2)']);
    const match = page.getByRole('region', { name: 'Results to confirm (1)' }).getByRole('article', { name: 'Tapti versus Ganga' });
    await match.getByText(/^Result pending: Tapti 2–1 Ganga \(sent by Scorer link: Court 2\) · stands at \d\d:\d\d \S+ unless disputed$/).waitFor();
    await match.getByText('Betting closed', { exact: true }).waitFor();
    await snapShowing(page, 'scorer-result-pending', page.getByRole('region', { name: 'Results to confirm (1)' }));
    expect(await accessibilityProblems(page)).toEqual([]);

    await match.getByRole('button', { name: 'Correct' }).click();
    const correct = page.getByRole('dialog', { name: "Correct the referee's result" });
    expect(await correct.getByRole('radio', { name: 'Tapti' }).isChecked()).toBe(true);
    expect([await correct.getByLabel('Tapti goals').inputValue(), await correct.getByLabel('Ganga goals').inputValue()]).toEqual(['2', '1']);
    await correct.getByRole('button', { name: 'Cancel' }).click();
    await correct.waitFor({ state: 'detached' });

    await match.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(MSG.provisionalConfirmed).waitFor();
    await expect.poll(() => titles.allTextContents()).toEqual(['Next (2)', 'Decided (1)']);
    await page.getByText('Decided (1)').click();
    const decided = page.getByRole('article', { name: 'Tapti versus Ganga' });
    await decided.getByText('Winner: Tapti').waitFor();
    await decided.getByText('Tapti 2–1 Ganga · Tapti won').waitFor();
    const listed = (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${tournament._id}`)).body.data.find((event) => event._id === first._id)!;
    expect(listed).toMatchObject({ winnerTeam: { _id: teams.tapti._id }, result: { kind: 'won', score: { home: 2, away: 1 } } });
    expect(listed.resultPending).toBeUndefined();
    expect(organiser.problems).toEqual([]);
  });

  it('a disputed result waits for the organiser: it says so, with the usual result buttons', async () => {
    const { page } = organiser;
    await referee(court2, `/matches/${second._id}/end`, { draw: true, score: { home: 1, away: 1 } });
    await page.reload();
    const match = page.getByRole('article', { name: 'Kaveri versus Sutlej' });
    await match.getByText(/^Result pending: Draw 1–1 \(sent by Scorer link: Court 2\)/).waitFor();
    await match.getByRole('button', { name: 'Dispute' }).click();
    await page.getByText(MSG.provisionalDisputed).waitFor();
    await match.getByText('Disputed: enter the result (Scorer link: Court 2 sent Draw 1–1)').waitFor();
    await match.getByRole('button', { name: 'Sutlej won' }).waitFor();
    expect(await match.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await snapShowing(page, 'scorer-result-disputed', page.getByRole('region', { name: 'Results to confirm (1)' }));
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(organiser.problems).toEqual([]);
  });
});
