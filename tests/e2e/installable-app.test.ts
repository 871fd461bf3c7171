// The installable app (issue 13 §1) in Chromium: the web app manifest and its icons, the service worker
// installing and controlling the page, an offline reload showing the shell with the last tournaments and
// the offline bar, recovery when the network returns, a user's copies dropped at logout, and a new
// version taking over through 'A new version is ready' → Reload.
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, CDPSession } from 'playwright-core';
import { webDist } from '../../infra/local/paths.ts';
import { OFFLINE_COPY_HEADER, PRIVATE_API_CACHE, PUBLIC_API_CACHE } from '../../web/src/lib/offline/cache-names.ts';
import { createTournament, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const DARK_BACKGROUND = '#0d1220';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Runs `steps` while the cloud serves a changed /sw.js; removes only its own change after (a build meanwhile stays). */
async function withNewWorkerBuild(steps: () => Promise<void>): Promise<void> {
  const file = join(process.env.SPA_DIR ?? webDist, 'sw.js');
  const marker = `\n// a new build ${crypto.randomUUID()}\n`;
  await appendFile(file, marker);
  try {
    await steps();
  } finally {
    const now = await readFile(file, 'utf8');
    if (now.endsWith(marker)) await writeFile(file, now.slice(0, -marker.length));
  }
}

describe.sequential('the installable app', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let devtools: CDPSession;
  const offlineBar = () => watched.page.getByRole('status').filter({ hasText: 'You’re offline — showing what you last saw' });
  /** Whether the worker's cache `cacheName` holds an answer for `path`. */
  const cached = (cacheName: string, path: string) =>
    watched.page.evaluate(async ([name, url]) => (await (await caches.open(name)).match(url, { ignoreVary: true })) !== undefined, [cacheName, path] as const);

  /** The page's own requests for the tournament list (the worker's fetches not counted). */
  let listReadsByPage = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl, { serviceWorkers: 'allow' });
    devtools = await watched.context.newCDPSession(watched.page);
    watched.page.on('request', (request) => {
      if (!request.serviceWorker() && new URL(request.url()).pathname === '/api/v1/game/tournament-list') listReadsByPage++;
    });
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('links a valid web app manifest, with the dark theme, start URL /home and maskable icons of 192 and 512 px', async () => {
    const { page } = watched;
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Tournaments' }).waitFor();
    // Chromium's own parse of the linked manifest: no error or warning.
    const { url, errors, data } = await devtools.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(url).toBe(`${baseUrl}/manifest.webmanifest`);
    const served = await page.request.get(url);
    expect(served.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(data!);
    expect(manifest).toMatchObject({
      name: 'Bet, Play, Win',
      short_name: expect.any(String),
      start_url: '/home',
      display: 'standalone',
      theme_color: DARK_BACKGROUND,
      background_color: DARK_BACKGROUND,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12); // what a launcher shows under the icon
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(DARK_BACKGROUND);

    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    expect(icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const { src, sizes } of [...icons, { src: appleTouchIcon!, sizes: '180x180' }]) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
      const [width, height] = sizes.split('x').map(Number);
      expect(pngSize(await icon.body()), src).toEqual({ width, height });
    }
  });

  it('installs the service worker, which controls the page and makes the app installable', async () => {
    const { page } = watched;
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The worker is served fresh on every check, never from a long cache.
    const script = await page.request.get('/sw.js');
    expect(script.headers()['cache-control']).toBe('no-cache');
    expect(script.headers()['content-type']).toMatch(/^text\/javascript/);
    // Chromium's installability checks (manifest fields, icons, a worker with a fetch handler): none fails
    // but the one about the test's browser itself (a Playwright context is incognito).
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
    expect(watched.problems.splice(0)).toEqual([]);
  });

  it('reloads /home offline: the shell, the tournaments it last saw and the offline bar; online again, the bar goes and the list is fresh', async () => {
    const { page, context } = watched;
    const shown = (await page.locator('.tournament-card-title').first().textContent())!.trim();
    // The worker, once in control, fetched the list the page had read again and kept it; the page itself
    // read it once (it no longer revalidates everything it shows when the worker takes over).
    await expect.poll(() => cached(PUBLIC_API_CACHE, '/api/v1/game/tournament-list'), { timeout: 8_000 }).toBe(true);
    expect(listReadsByPage).toBe(1);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Tournaments' }).waitFor();
    await page.getByText(shown, { exact: true }).first().waitFor();
    await offlineBar().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await snap(page, 'home-offline');

    // A tournament created while this phone was offline shows once it is back.
    const fresh = await createTournament(await operatorClient(), `Back online ${crypto.randomUUID().slice(0, 8)}`);
    await context.setOffline(false);
    await page.getByText(fresh.title, { exact: true }).first().waitFor();
    await offlineBar().waitFor({ state: 'detached' });
    // Failed fetches while offline are expected there, as the toast says; nothing else went wrong.
    expect(watched.problems.splice(0).filter((problem) => !problem.includes('Failed to fetch'))).toEqual([]);
  });

  it("keeps a signed-in user's answers only while signed in: offline their wallet shows as an offline copy, logging out drops it", async () => {
    const { page, context } = watched;
    const account = { userName: `offline${crypto.randomUUID().slice(0, 6)}`, email: uniqueEmail(), password: 'offline-password-1' };
    await registerThroughApi(page, baseUrl, account);
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await expect.poll(() => cached(PRIVATE_API_CACHE, '/api/v1/wallet/get-wallet'), { timeout: 8_000 }).toBe(true);

    // Online, the wallet is always asked of the server: the answer is live, not the copy.
    const live = await page.evaluate(async () => (await fetch('/api/v1/wallet/get-wallet', { credentials: 'include' })).headers.has('x-offline-copy'));
    expect(live).toBe(false);
    await context.setOffline(true);
    const copy = await page.evaluate(async (header) => (await fetch('/api/v1/wallet/get-wallet', { credentials: 'include' })).headers.get(header), OFFLINE_COPY_HEADER);
    expect(copy).toBeTruthy();
    await context.setOffline(false);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/(home|auth\/login)/);
    await expect.poll(() => cached(PRIVATE_API_CACHE, '/api/v1/wallet/get-wallet'), { timeout: 8_000 }).toBe(false);
    // The live channel's socket, closed by the logout, may try once more before the page reloads.
    expect(watched.problems.splice(0).filter((problem) => !/WebSocket connection .* failed/.test(problem))).toEqual([]);
  });

  it('offers a new version once a new worker waits: Reload hands the page to it and reloads once', async () => {
    const { page } = watched;
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Tournaments' }).waitFor();
    // A new deploy, as the browser sees one: /sw.js with other bytes (a new build changes its precache
    // list). Chromium's update check of the worker's script bypasses Playwright's routing, so the served
    // file itself changes, and is put back after.
    await withNewWorkerBuild(async () => {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
      await prompt.waitFor();
      expect(await accessibilityProblems(page)).toEqual([]);
      await snap(page, 'new-version-ready');

      let loads = 0;
      page.on('load', () => loads++);
      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction(() => !('beforeUpdate' in window));
      await page.getByRole('heading', { name: 'Tournaments' }).waitFor();
      const workers = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        return { waiting: registration.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(workers).toEqual({ waiting: false, controlled: true });
      await prompt.waitFor({ state: 'detached' });
      expect(loads).toBe(1);
    });
    expect(watched.problems.splice(0)).toEqual([]);
  });
});
