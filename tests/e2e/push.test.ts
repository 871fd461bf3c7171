// Web Push in Chromium (issue 13 §2): turning push on from the notifications page (the permission granted
// to the context; the browser's subscribe stubbed, since headless Chromium here cannot reach a real push
// service: it answers a subscription on the local test push service with keys the test made), the device
// listed; a push delivered to the service worker with DevTools' ServiceWorker.deliverPushMessage shown as a
// notification, and its tap taking the app to the notification's screen; the switch in the avatar menu;
// turning it off removes the device; a tournament's 'Remind me before matches' toggle (signed-in users only).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { PushPayload } from '#shared/push.ts';
import { createEvent, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');

describe.sequential('push notifications', () => {
  let browser: Browser;
  let watched: WatchedPage;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `${baseUrl}/_local/push/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  const pushSwitch = () => watched.page.getByRole('main').getByRole('switch', { name: 'Push notifications' });

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl, { serviceWorkers: 'allow' });
    await watched.context.grantPermissions(['notifications'], { origin: baseUrl });
    // The browser's subscribe, as it would answer with a push service: a subscription whose keys the test holds.
    // (Kept across page loads, as a browser keeps its subscription.)
    await watched.context.addInitScript((json) => {
      const KEY = 'e2e-push-subscription';
      const fake = {
        ...json,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => json,
        getKey: () => null,
        unsubscribe: () => (localStorage.removeItem(KEY), Promise.resolve(true)),
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = () => (localStorage.setItem(KEY, '1'), Promise.resolve(fake));
      PushManager.prototype.getSubscription = () => Promise.resolve(localStorage.getItem(KEY) ? fake : null);
    }, subscription);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('turns push on from the notifications page (never asked on load) and lists this device', async () => {
    const { page } = watched;
    await registerThroughApi(page, baseUrl, { userName: 'Pusher', email: uniqueEmail(), password: 'password-123' });
    await page.goto('/notification?filter=all');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    expect(await page.evaluate(() => Notification.permission)).toBe('granted'); // granted by the test, not asked by the app
    await expect.poll(() => pushSwitch().isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await pushSwitch().getAttribute('aria-checked')).toBe('false');
    await pushSwitch().click();
    await expect.poll(() => pushSwitch().getAttribute('aria-checked')).toBe('true');
    const devices = page.getByRole('list', { name: 'Devices with push on' });
    await devices.getByText('(this device)').waitFor();
    expect(await devices.getByRole('listitem').count()).toBe(1);
    expect(await devices.textContent()).toContain('Chrome on Linux');
    expect(await accessibilityProblems(page)).toEqual([]);
    await snap(page, 'push-notifications-on');
  }, 90_000);

  it('shows a push delivered to the service worker, and its tap opens the screen it names', async () => {
    const { page, context } = watched;
    const devtools = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await devtools.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${baseUrl}/`)).toBeTruthy();

    const payload: PushPayload = { title: 'Prize credited', body: '50 coins credited to your wallet: Quiz night', url: '/wallet', tag: 'prize#e2e' };
    await devtools.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId: registrations.get(`${baseUrl}/`)!, data: JSON.stringify(payload) });
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
    await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/wallet' } }]);

    // The tap: the worker's notificationclick for that notification sends the open window to /wallet.
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(baseUrl))!;
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL(`${baseUrl}/wallet`);
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await expect.poll(shown).toEqual([]);
  });

  // The menu's switch and the page's share this browser's subscription: turned off in the menu, the page
  // must not keep it (it had saved it again, as 'on here but unknown to the server').
  it('has the switch in the avatar menu too, and turning it off there removes this device from the page at once', async () => {
    const { page } = watched;
    await page.goto('/notification?filter=all');
    const menuButton = page.getByRole('button', { name: 'Account menu' });
    await menuButton.click();
    const menuSwitch = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`).getByRole('switch', { name: 'Push notifications' });
    await expect.poll(() => menuSwitch.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('true');
    await snap(page, 'push-avatar-menu');
    await menuSwitch.click();
    await expect.poll(() => menuSwitch.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    expect(await pushSwitch().getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByRole('list', { name: 'Devices with push on' }).count(), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await expect.poll(() => pushSwitch().isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await pushSwitch().getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByRole('list', { name: 'Devices with push on' }).count(), { timeout: 15_000 }).toBe(0);
    expect(watched.problems).toEqual([]);
  }, 90_000);

  it("has 'Remind me before matches' on a tournament's page for signed-in users only, saying push must be on for the tab closed", async () => {
    const { page } = watched;
    const { tournamentId } = await createEvent(await operatorClient());
    await page.goto(`/events?tournamentId=${tournamentId}`);
    const remind = page.getByRole('switch', { name: 'Remind me before matches' });
    await expect.poll(() => remind.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await remind.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText('To get it with the app closed, turn on push notifications on this device').count()).toBe(1);
    // Below the matches: its code arrives after them and must not push the list down as it comes.
    const lastCard = await page.locator('.event-card').last().boundingBox();
    const reminderBox = await page.getByRole('region', { name: 'Match reminders' }).boundingBox();
    expect(reminderBox!.y).toBeGreaterThan(lastCard!.y + lastCard!.height);
    await remind.click();
    await expect.poll(() => remind.getAttribute('aria-checked')).toBe('true');
    expect(await accessibilityProblems(page)).toEqual([]);
    await snap(page, 'push-tournament-reminder-on');
    // Kept by the server: on after a reload, and off again with a tap.
    await page.reload();
    await expect.poll(() => remind.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    await remind.click();
    await expect.poll(() => remind.getAttribute('aria-checked')).toBe('false');
    expect((await page.request.get(`/api/v1/user/tournament-reminders/${tournamentId}`)).ok()).toBe(true);
    expect((await (await page.request.get(`/api/v1/user/tournament-reminders/${tournamentId}`)).json()).data).toEqual({ optedIn: false });
    // The link takes the user where push is turned on.
    await page.getByRole('link', { name: 'push notifications' }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();

    const visitor = await openPage(browser, baseUrl);
    await visitor.page.goto(`/events?tournamentId=${tournamentId}`);
    await visitor.page.getByRole('button', { name: /Place bid/ }).first().waitFor();
    expect(await visitor.page.getByRole('switch', { name: 'Remind me before matches' }).count()).toBe(0);
    await visitor.context.close();
    expect(watched.problems).toEqual([]);
  }, 90_000);
});
