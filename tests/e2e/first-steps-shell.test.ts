// Issue 22 §7, §8 and §10 in Chromium at 390x844 with touch, in India: a toast never blocks the account
// menu (it opens over the toast, and a tap on the toast is no tap outside it), a popup's closing never
// shuts the menu opened meanwhile; equal scores share a place on a group's and a tournament's hostel
// boards; and turning on notifications where the browser cannot (an iPhone's Safari tab, a browser
// without push, a push service that fails) says why and what to do instead of 'Something went wrong'.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../../shared/messages.ts';
import * as SHELL from '../../shared/shell-messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { coinBet, createEvent, operatorClient } from '../integration/game-flows.ts';
import { waitFor } from '../integration/settlement-flows.ts';
import { accessibilityProblems, launchBrowser, PHONE, registerThroughApi, snap, uniqueEmail } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Member = Awaited<ReturnType<typeof verifiedUser>>;

describe.sequential('the app shell: toasts, popups, boards and notifications', () => {
  let browser: Browser;
  let page: Page;
  /** The student's first context, once made: the others open with its cookies. */
  let signedIn: BrowserContext | undefined;
  const problems: string[] = [];
  let operator: ApiClient;
  let match: Awaited<ReturnType<typeof createEvent>>;

  /** A phone page of the student's, with touch and the app's animations on (the popup fades out as it closes). */
  async function phoneContext(options: { userAgent?: string; serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      hasTouch: true,
      isMobile: true,
      timezoneId: 'Asia/Kolkata',
      serviceWorkers: options.serviceWorkers ?? 'block',
      userAgent: options.userAgent,
      // The student's session (none while the student's own context is made).
      storageState: signedIn ? await signedIn.storageState() : undefined,
    });
    context.setDefaultTimeout(8_000);
    return context;
  }

  const watch = (watched: Page) => {
    watched.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    watched.on('pageerror', (error) => problems.push(error.message));
    return watched;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    operator = await operatorClient();
    match = await createEvent(operator);
    const student = await phoneContext();
    page = watch(await student.newPage());
    await registerThroughApi(page, baseUrl, { userName: `Shell Student ${suffix}`, email: uniqueEmail(), password: 'password-123' });
    signedIn = student;
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const accountMenu = () => page.getByRole('button', { name: 'Account menu' });
  const openPanel = () => page.locator('.menu-panel:not(.is-closing)');

  it('opens the account menu over a toast, and a tap on its first link works at once', async () => {
    await page.goto(`/events?tournamentId=${match.tournamentId}`);
    await page.getByRole('button', { name: `Place bid on ${match.teams[0].teamName}` }).tap();
    await page.getByRole('button', { name: 'Use cash' }).tap();
    const notice = page.locator('.notistack-MuiContent', { hasText: SHELL.cashNotice });
    await notice.waitFor();

    await accountMenu().tap();
    await openPanel().waitFor();
    // The menu lies over the toast: 'View profile' is what a finger there touches.
    const profile = page.getByRole('link', { name: /View profile/ });
    const box = (await profile.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.menu-panel') !== null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(onTop).toBe(true);
    await page.screenshot({ path: 'tests/screenshots/shell-menu-over-toast-phone.png', timeout: 30_000 });
    await profile.tap(); // what is on top (checked above) takes the tap, however busy the machine
    await page.waitForURL(/\/profile\//);
  });

  it("a tap on a toast, or on the empty space beside it, does not shut the open menu or block the page", async () => {
    await page.goto(`/events?tournamentId=${match.tournamentId}`);
    await page.getByRole('button', { name: `Place bid on ${match.teams[0].teamName}` }).tap();
    await page.getByRole('button', { name: 'Use cash' }).tap();
    const notice = page.locator('.notistack-MuiContent', { hasText: SHELL.cashNotice });
    await notice.waitFor();
    // The toast's wrapper spans the stack's width; only the toast itself takes taps.
    const wrapper = (await page.locator('.notistack-CollapseWrapper').first().boundingBox())!;
    const pill = (await notice.boundingBox())!;
    const gap = { x: wrapper.x + wrapper.width / 2, y: pill.y + pill.height + 3 };
    if (gap.y < wrapper.y + wrapper.height) {
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.notistack-SnackbarContainer') ?? null, gap)).toBeNull();
    }
    await accountMenu().tap();
    await openPanel().waitFor();
    // Beside the menu (left of it), the toast shows: a tap on it leaves the menu open.
    const menuBox = (await openPanel().boundingBox())!;
    const visible = await notice.boundingBox();
    if (visible && visible.x + 4 < menuBox.x) {
      await page.touchscreen.tap(visible.x + 4, visible.y + visible.height / 2);
      await page.waitForTimeout(400);
      expect(await accountMenu().getAttribute('aria-expanded')).toBe('true');
    }
    await page.keyboard.press('Escape');
    await openPanel().waitFor({ state: 'detached' });
  });

  it('keeps the account menu opened while the betting-mode popup fades out open once the popup has gone', async () => {
    await page.goto(`/events?tournamentId=${match.tournamentId}`);
    await page.getByRole('button', { name: `Place bid on ${match.teams[1].teamName}` }).tap();
    const popup = page.getByRole('dialog', { name: 'Select betting mode' });
    await popup.getByRole('button', { name: 'Use coins' }).waitFor();
    await page.evaluate(() => {
      // A phone's browser fires a scroll event when a page's scroll lock is released (its toolbars settle);
      // so does this page, at the moment the lock goes.
      new MutationObserver(() => {
        if (!document.body.classList.contains('scroll-locked')) window.dispatchEvent(new Event('scroll'));
      }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
    });
    // The popup is closed, and the avatar tapped while it still fades out (POPUP_CLOSE_MS).
    await page.evaluate(async () => {
      document.querySelector<HTMLElement>('dialog [aria-label="Close dialog"]')!.click();
      await new Promise((resolve) => setTimeout(resolve, 30));
      document.querySelector<HTMLElement>('.avatar-btn')!.click();
    });
    await popup.waitFor({ state: 'detached' });
    await page.waitForTimeout(600);
    expect(await accountMenu().getAttribute('aria-expanded')).toBe('true');
    await openPanel().waitFor();
    await openPanel().getByRole('link', { name: 'Leaderboard' }).tap();
    await page.waitForURL(/\/leaderboard/);
  });

  it('gives equal scores the same place on a group board and on a tournament hostel board', async () => {
    const [ravi, meera] = await Promise.all([verifiedUser(), verifiedUser()]);
    const created = await page.request.post('/api/v1/group/create-group', { data: { name: `Tapti ${suffix}` } });
    expect(created.status()).toBe(201);
    const tapti = (await created.json()).data as { groupId: string; inviteCode: string };
    for (const member of [ravi, meera]) expect((await member.client.post('/group/join', { inviteCode: tapti.inviteCode })).status).toBe(200);
    const newGroup = async (member: Member, name: string) => (await member.client.post('/group/create-group', { name })).body.data as { groupId: string };
    const narmada = await newGroup(ravi, `Narmada ${suffix}`);
    const kaveri = await newGroup(meera, `Kaveri ${suffix}`);

    // Ravi wins a bet: one trophy for him, and for both hostels he is in.
    const decided = await createEvent(operator);
    expect((await ravi.client.post('/bet/create-new', coinBet(decided.event))).status).toBe(201);
    expect((await operator.put(`/admin/tournaments/${decided.tournamentId}/hostels`, { groupIds: [tapti.groupId, narmada.groupId, kaveri.groupId] })).status).toBe(200);
    expect((await operator.post(`/admin/events/${decided.event._id}/result`, { winnerTeamId: decided.event.teamIds[0] })).status).toBe(202);
    await waitFor(
      async () => (await operator.get(`/game/hostel-leaderboard?tournamentId=${decided.tournamentId}`)).body.data as { trophy: number }[],
      (rows) => rows.filter((row) => row.trophy === 1).length === 2,
    );

    await page.goto(`/groups/${tapti.groupId}`);
    const board = page.getByRole('list', { name: `Tapti ${suffix} by trophies, then earnings` });
    await board.getByRole('listitem').nth(2).waitFor();
    const places = async (list: typeof board) => (await list.locator('.group-board-rank').allTextContents()).map((text) => text.trim());
    // Ravi first; the student and Meera, no trophies and no coins earned, share second place.
    expect(await places(board)).toEqual(['#1', '#2', '#2']);
    await snap(page, 'shell-group-board-ties');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto(`/events?tournamentId=${decided.tournamentId}`);
    const hostels = page.getByRole('list', { name: 'Hostels by bets won' });
    await hostels.getByRole('listitem').nth(2).waitFor();
    // Tapti and Narmada, one bet won each, share first place; Kaveri is third, not second.
    expect(await places(hostels)).toEqual(['#1', '#1', '#3']);
    await hostels.scrollIntoViewIfNeeded();
    await snap(page, 'shell-hostel-board-ties');
  }, 90_000);

  it("on an iPhone's Safari tab, says to add the app to the Home Screen first", async () => {
    const context = await phoneContext({ userAgent: IPHONE_SAFARI });
    // Safari's tabs on an iPhone have no Push API and no notifications.
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
      delete (window as { Notification?: unknown }).Notification;
    });
    const iphone = watch(await context.newPage());
    await iphone.goto('/home');
    await iphone.getByRole('button', { name: 'Account menu' }).tap();
    const menu = iphone.locator('.menu-panel:not(.is-closing)');
    const toggle = menu.getByRole('switch', { name: 'Push notifications' });
    await menu.getByText(MSG.pushNeedsHomeScreen).waitFor();
    // Shown as unavailable (aria-disabled), yet a tap still reaches it: Playwright's checks would refuse it.
    expect(await toggle.getAttribute('aria-disabled')).toBe('true');
    await toggle.tap({ force: true });
    await iphone.locator('.notistack-MuiContent', { hasText: MSG.pushNeedsHomeScreen }).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await iphone.getByText(MSG.somethingWentWrong).count()).toBe(0);
    await iphone.screenshot({ path: 'tests/screenshots/shell-push-iphone-menu-phone.png', timeout: 30_000 });
    await context.close();
  });

  it('in a browser without push, says it cannot show notifications and what to use instead', async () => {
    const context = await phoneContext();
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const noPush = watch(await context.newPage());
    await noPush.goto('/notification?filter=all');
    const toggle = noPush.getByRole('main').getByRole('switch', { name: 'Push notifications' });
    await noPush.getByRole('main').getByText(MSG.pushUnsupported).waitFor();
    expect(await toggle.getAttribute('aria-describedby')).toBeTruthy();
    await toggle.tap({ force: true });
    await noPush.locator('.notistack-MuiContent', { hasText: MSG.pushUnsupported }).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await snap(noPush, 'shell-push-unsupported');
    expect(await accessibilityProblems(noPush)).toEqual([]);
    await context.close();
  });

  it("when the browser's push service fails, says the browser could not turn notifications on, not 'Something went wrong'", async () => {
    const context = await phoneContext({ serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    await context.addInitScript(() => {
      PushManager.prototype.getSubscription = () => Promise.resolve(null);
      PushManager.prototype.subscribe = () => Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
    });
    const failing = watch(await context.newPage());
    await failing.goto('/notification?filter=all');
    const toggle = failing.getByRole('main').getByRole('switch', { name: 'Push notifications' });
    await expect.poll(() => toggle.isEnabled(), { timeout: 30_000 }).toBe(true);
    await toggle.tap();
    await failing.locator('.notistack-MuiContent', { hasText: MSG.pushTurnOnFailed }).waitFor();
    expect(await failing.getByText(MSG.somethingWentWrong).count()).toBe(0);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await context.close();
    expect(problems).toEqual([]);
  }, 60_000);
});
