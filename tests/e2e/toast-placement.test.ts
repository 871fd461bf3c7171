// Where toasts show, in Chromium at 390x844 and 1280x800: a student following a tournament's page gets a
// win, a loss (both pushed live as the organiser declares the results) and the cash notice (their own
// tap) at once. The three stack at the bottom of the screen, whole, and none covers the page's heading,
// the top bar's links or the tournament's tabs; with the offline bar showing, they stand above it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import * as SHELL from '../../shared/shell-messages.ts';
import { createEvent, createTournament, operatorClient } from '../integration/game-flows.ts';
import type { ApiClient } from '../helpers/api.ts';
import { DESKTOP, launchBrowser, openPage, PHONE, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
/** A result's notice comes from the settlement worker, then over the user's socket. */
const PUSH_TIMEOUT = 20_000;
const TOAST = '.notistack-SnackbarContainer .notistack-MuiContent';

/** Resolves once the page's WebSocket has joined the user's room (the server acknowledges the join). */
const joinedLiveChannel = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"action":"join"') && String(payload).includes('200')) resolve();
      }),
    );
  });

/**
 * The page loses focus, as when the student switches apps: notistack holds its toasts' timers then, so the
 * toasts stay for the measuring and the screenshots on a slow machine (they hide after 5 s otherwise).
 */
const holdToasts = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('blur')));

/** Each toast that covers part of the heading, a link or button of the top bar, a tab, or a bar of the app's state, or is not whole on screen. */
function toastsInTheWay(page: Page) {
  return page.evaluate((toastSelector) => {
    const toasts = [...document.querySelectorAll(toastSelector)].map((toast) => toast.getBoundingClientRect());
    const kept = [...document.querySelectorAll<HTMLElement>('h1, header.topbar a, header.topbar button, nav a, .app-status-bar')]
      .map((element) => ({ name: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent).trim()}"`, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0);
    const problems: string[] = [];
    for (const [i, toast] of toasts.entries()) {
      if (toast.top < 0 || toast.left < 0 || toast.bottom > window.innerHeight || toast.right > window.innerWidth) problems.push(`toast ${i + 1} is not whole on screen`);
      for (const { name, rect } of kept) {
        if (toast.left < rect.right && rect.left < toast.right && toast.top < rect.bottom && rect.top < toast.bottom) problems.push(`toast ${i + 1} covers ${name}`);
      }
    }
    return problems;
  }, TOAST);
}

describe.sequential('toasts on a tournament page', () => {
  let browser: Browser;
  let student: WatchedPage;
  let operator: ApiClient;
  let tournamentId: string;
  let matches: { event: AdminEvent; teams: AdminTeam[] }[];

  beforeAll(async () => {
    browser = await launchBrowser();
    student = await openPage(browser, baseUrl);
    operator = await operatorClient();
    tournamentId = (await createTournament(operator))._id;
    matches = [];
    for (const hours of [2, 3, 4]) matches.push(await createEvent(operator, { tournamentId, time: new Date(Date.now() + hours * 60 * 60 * 1000).toISOString() }));
    await registerThroughApi(student.page, baseUrl, { userName: 'Toast Reader', email: uniqueEmail(), password: 'toast-password-1' });
    for (const { event, teams } of matches.slice(0, 2)) {
      const placed = await student.page.request.post('/api/v1/bet/create-new', { data: { eventId: event._id, teamId: teams[0]._id, betWay: 'coin', amount: 100 } });
      expect(placed.status()).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('stacks a win, a loss and the cash notice at the bottom, clear of the heading, the top bar and the tabs, on a phone and a laptop', async () => {
    const { page } = student;
    const joined = joinedLiveChannel(page);
    await page.goto(`/events?tournamentId=${tournamentId}`);
    await page.getByRole('heading', { level: 1, name: 'Upcoming Matches' }).waitFor();
    // A tournament of matches scheduled one by one has its matches and its table as tabs.
    await page.getByRole('navigation', { name: 'Tournament' }).getByRole('link', { name: 'Table' }).waitFor();
    await joined;

    // The bet on the first match wins, the one on the second loses: two notices, pushed live.
    const [won, lost, open] = matches;
    expect((await operator.post(`/admin/events/${won.event._id}/result`, { winnerTeamId: won.teams[0]._id })).status).toBe(202);
    expect((await operator.post(`/admin/events/${lost.event._id}/result`, { winnerTeamId: lost.teams[1]._id })).status).toBe(202);
    const toasts = page.locator(TOAST);
    await expect.poll(async () => (await holdToasts(page), toasts.count()), { timeout: PUSH_TIMEOUT }).toBe(2);
    await toasts.filter({ hasText: /^You won your bet!/ }).waitFor();
    // And the student's own tap: cash betting is not open.
    await page.getByRole('button', { name: `Place bid on ${open.teams[0].teamName}` }).click();
    await page.getByRole('button', { name: 'Use cash' }).click();
    await expect.poll(async () => (await holdToasts(page), toasts.count())).toBe(3);
    await toasts.filter({ hasText: SHELL.cashNotice }).waitFor();

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      // notistack moves a toast in over 300 ms: measured where it rests.
      await expect.poll(() => toastsInTheWay(page)).toEqual([]);
      // One under the other, none over another.
      const boxes = (await toasts.evaluateAll((all) => all.map((toast) => toast.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })))).sort((a, b) => a.top - b.top);
      for (const [upper, lower] of boxes.slice(0, -1).map((box, i) => [box, boxes[i + 1]])) expect(lower.top).toBeGreaterThanOrEqual(upper.bottom);
    }
    await page.setViewportSize(PHONE);
    await snap(page, 'toasts-stacked-tournament');
    expect(student.problems).toEqual([]);

    // Offline: the bar saying so takes the bottom edge, and the toasts stand above it.
    await student.context.setOffline(true);
    await page.locator('.app-status-bar').first().waitFor();
    await holdToasts(page);
    await expect.poll(() => toastsInTheWay(page)).toEqual([]);
    await page.screenshot({ path: 'tests/screenshots/toasts-stacked-offline-phone.png', animations: 'disabled', timeout: 30_000 });
    await student.context.setOffline(false);
  });
});
