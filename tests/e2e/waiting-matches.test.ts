// The console's Matches screen shows a published knockout's later rounds (issue 21, the matches waiting
// for their teams), clicked through in Chromium at 390x844 and on a laptop: an organiser's 6-team knockout
// (the top two seeds through a bye) lists its two first-round matches, and under them, 'Waiting for
// teams': each semi-final with its seed and 'Winner of R1-M…', the final with 'Winner of R2-M1' and
// 'Winner of R2-M2', their stage, time and venue. The organiser moves the final and gives it a venue, and
// students see the new time on the bracket.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam, AdminTournament } from '../../shared/api.ts';
import { planFormat } from '../../shared/format-plan.ts';
import { MSG } from '../../shared/messages.ts';
import { operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const secretary = { userName: `Secretary ${suffix}`, email: uniqueEmail(), password: 'password-123' };
const names = ['Tapti', 'Narmada', 'Godavari', 'Kaveri', 'Mahanadi', 'Yamuna'].map((name) => `${name} ${suffix}`);
const [tapti, narmada] = names;
const DAY_MS = 24 * 60 * 60 * 1000;
const LAPTOP = { width: 1366, height: 900 };

/** `days` from today at hh:mm UTC (the browser's zone, support.ts): as ISO, and as the datetime-local field takes it. */
const dayAt = (days: number, hhmm: string) => {
  const day = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  return { iso: `${day}T${hhmm}:00.000Z`, field: `${day}T${hhmm}` };
};

describe.sequential('an organiser sees and re-times the knockout matches waiting for their teams', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  let tournamentId: string;

  const waiting = () => page.getByRole('region', { name: 'Waiting for teams' });
  const card = (home: string, away: string) => waiting().getByRole('article', { name: `${home} versus ${away}` });

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
    await registerThroughApi(page, baseUrl, secretary);
    const operator = await operatorClient();
    const me = await (await page.request.get('/api/v1/user/current-user')).json();
    expect((await operator.put(`/admin/users/${me.data._id}/tournament-creator`, { allowed: true })).status).toBe(200);
    const post = async <T,>(path: string, data: object) => {
      const answer = await page.request.post(`/api/v1${path}`, { data });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { data: T }).data;
    };
    tournamentId = (await post<AdminTournament>('/admin/tournaments', { title: `Six-hostel Cup ${suffix}` }))._id;
    const { created } = await post<{ created: AdminTeam[] }>(`/admin/tournaments/${tournamentId}/teams/bulk`, { teams: names.map((teamName) => ({ teamName, members: ['Asha'] })) });
    const seeded = names.map((name) => created.find((team) => team.teamName === name)!._id); // Tapti is the top seed
    // R1-M2, R1-M4 tomorrow; the semi-finals the day after; the final two days after that.
    const keys = planFormat({ kind: 'knockout' }, seeded).matches.map((match) => match.id);
    expect(keys).toEqual(['R1-M2', 'R1-M4', 'R2-M1', 'R2-M2', 'R3-M1']);
    const at = { 'R1-M2': dayAt(1, '10:00'), 'R1-M4': dayAt(1, '14:00'), 'R2-M1': dayAt(2, '10:00'), 'R2-M2': dayAt(2, '14:00'), 'R3-M1': dayAt(4, '16:00') };
    const schedule = Object.fromEntries(Object.entries(at).map(([key, { iso }]) => [key, { startsAt: iso }]));
    const published = await post<{ events: AdminEvent[] }>(`/admin/tournaments/${tournamentId}/format`, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule });
    expect(published.events).toHaveLength(5);
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('lists the semi-finals and the final under the matches, with what each side waits for, on a phone', async () => {
    await page.goto(`/operator/events?tournamentId=${tournamentId}`);
    // The first round's two matches, as before.
    await page.getByRole('article', { name: `${names[3]} versus ${names[4]}` }).waitFor();
    await page.getByRole('article', { name: `${names[2]} versus ${names[5]}` }).waitFor();
    await waiting().getByRole('heading', { name: 'Waiting for teams' }).waitFor();
    expect(await waiting().getByRole('article').count()).toBe(3);
    const semi = card(tapti, 'Winner of R1-M2');
    await semi.getByText('Semi-finals').waitFor();
    await semi.getByText(`10:00 UTC`, { exact: false }).waitFor();
    await card(narmada, 'Winner of R1-M4').getByText('Semi-finals').waitFor();
    const final = card('Winner of R2-M1', 'Winner of R2-M2');
    await final.getByText('Final (R3-M1)', { exact: true }).waitFor();
    await final.getByText('16:00 UTC', { exact: false }).waitFor();
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
    await waiting().scrollIntoViewIfNeeded();
    await snap(page, 'console-waiting-matches');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('moves the final and gives it a venue; students see the new time on the bracket', async () => {
    const final = card('Winner of R2-M1', 'Winner of R2-M2');
    await final.getByRole('button', { name: 'Change time or venue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change time or venue' });
    expect(await dialog.getByLabel('Starts at (UTC)').inputValue()).toBe(dayAt(4, '16:00').field);
    const moved = dayAt(5, '18:45');
    await dialog.getByLabel('Starts at (UTC)').fill(moved.field);
    await dialog.getByLabel('Venue (optional)').fill('Main ground');
    await snap(page, 'console-waiting-match-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.notistack-SnackbarContainer').getByText(MSG.eventSaved).waitFor();
    await final.getByText('18:45 UTC', { exact: false }).waitFor();
    await final.getByText('Main ground', { exact: false }).waitFor();
    const stored = (await (await page.request.get(`/api/v1/admin/tournaments/${tournamentId}/events`)).json()) as { data: AdminEvent[] };
    expect(stored.data.at(-1)).toMatchObject({ time: moved.iso, venue: 'Main ground', teamIds: [], stage: 'Final' });

    const student = await (await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl, timezoneId: 'UTC', serviceWorkers: 'block' })).newPage();
    await student.goto(`/events?tournamentId=${tournamentId}&view=bracket`);
    const box = student.locator('.bracket [data-match="R3-M1"]');
    await expect.poll(() => box.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/^R3-M1 · \w+ 18:45: Winner of R2-M1, Winner of R2-M2\b/);
    await student.context().close();
  });

  it('shows them as a table on a laptop, with the same button', async () => {
    await page.setViewportSize(LAPTOP);
    const table = page.getByRole('table', { name: 'Matches waiting for teams' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    const finalRow = table.locator('tbody tr').filter({ hasText: 'Winner of R2-M1 vs Winner of R2-M2' });
    await finalRow.getByText('Final (R3-M1) · Main ground').waitFor();
    await finalRow.getByText('18:45 UTC', { exact: false }).waitFor();
    await finalRow.getByRole('button', { name: 'Change time or venue' }).waitFor();
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/screenshots/console-waiting-matches-laptop.png', animations: 'disabled', timeout: 30_000 });
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(watched.problems).toEqual([]);
  });
});
