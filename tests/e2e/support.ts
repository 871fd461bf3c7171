// Shared by the browser tests: one Chromium per file, phone-sized pages, screenshots at both sizes,
// and a console watcher.
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { repoRoot } from '../../infra/local/paths.ts';
import { extractLink, waitForMail } from '../helpers/mail.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
const SCREENSHOT_DIR = join(repoRoot, 'tests', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far, except failed-request lines (expected 4xx answers). */
  problems: string[];
}

/**
 * A phone-sized page. The app shows times in the device's zone, so every page has one set (UTC unless
 * a test asks for another, e.g. 'Asia/Kolkata'), whatever the machine's own. The app's service worker
 * is blocked unless a test asks for it (tests/e2e/installable-app.test.ts): once it controls a page it
 * answers from its caches, and Playwright's page.route no longer sees the requests it handles.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  { timezoneId = 'UTC', serviceWorkers = 'block' }: { timezoneId?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: PHONE, baseURL, reducedMotion: 'reduce', timezoneId, serviceWorkers });
  // Well under the test timeout, so a failing step names its locator instead of timing out the test.
  context.setDefaultTimeout(8_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/**
 * A screenshot is evidence, not behaviour: after a resize, software-rendered Chromium on a busy 2-core
 * machine has taken over 8 s (the locator default) to hand over a frame, so screenshots get their own
 * longer timeout, with animations settled so the frame is stable.
 */
const SCREENSHOT_OPTIONS = { timeout: 30_000, animations: 'disabled' } as const;

/**
 * Screenshots the current screen at phone size and at desktop size into tests/screenshots/. One that gets
 * no frame in time is reported and skipped, not failed: a clean-clone CI run's Chromium, starved while the
 * unit suite's rushes ran, once handed none in 30 s after a resize, in a test whose steps all passed.
 */
export async function snap(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? PHONE;
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    try {
      await page.screenshot({ ...SCREENSHOT_OPTIONS, path: join(SCREENSHOT_DIR, `${name}-${size}.png`) });
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      console.warn(`screenshot ${name}-${size} skipped: no frame within ${SCREENSHOT_OPTIONS.timeout / 1000} s (a busy machine)`);
    }
  }
  await page.setViewportSize(original);
}

export const uniqueEmail = () => `${crypto.randomUUID()}@test.local`;

/**
 * Registers an account through the API of the page's browser context and, unless told not to, verifies
 * it from the mailed link, which leaves that browser logged in.
 */
export async function registerThroughApi(page: Page, baseUrl: string, account: { userName: string; email: string; password: string; verify?: boolean }) {
  const { verify = true, ...user } = account;
  const created = await page.request.post('/api/v1/user/create-user', { data: user });
  if (!created.ok()) throw new Error(`create-user answered ${created.status()}`);
  if (!verify) return;
  await page.request.post('/api/v1/user/create-email-verification', { data: { email: user.email } });
  const link = new URL(extractLink(await waitForMail(baseUrl, user.email, (m) => m.html.includes('/auth/verify')), '/auth/verify'));
  const query = new URLSearchParams({ token: link.searchParams.get('token')!, otpCode: link.searchParams.get('code')! });
  const verified = await page.request.post(`/api/v1/user/verify-email?${query}`);
  if (!verified.ok()) throw new Error(`verify-email answered ${verified.status()}`);
}

/**
 * Picks a generated PNG (a blue field with a yellow disc, `width` x `height`) in the page's file input, as
 * a phone's gallery would hand over a photo.
 */
export async function pickGeneratedPhoto(page: Page, width: number, height: number): Promise<void> {
  const png = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1e88e5';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffca28';
      context.beginPath();
      context.arc(w / 2, h / 2, Math.min(w, h) * 0.37, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png').split(',')[1];
    },
    [width, height] as const,
  );
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1];
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: (bytes[offset + 5] << 8) | bytes[offset + 6], width: (bytes[offset + 7] << 8) | bytes[offset + 8] };
    }
    offset += 2 + length;
  }
  throw new Error('no frame header in JPEG');
}

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

/** The WCAG levels axe checks by default: 2.0 A and AA. */
const WCAG_20 = ['wcag2a', 'wcag2aa'];

/**
 * WCAG 2.1's A and AA rules too, label-content-name-mismatch among them: a control's name holds the
 * words it shows (what a user of voice control says to press it).
 */
export const WCAG_21 = [...WCAG_20, 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2 A and AA problems axe-core finds on the current screen (contrast included), as
 * 'rule: target' lines; an empty list means none. `tags`: the levels checked (WCAG_21 adds 2.1's).
 */
export async function accessibilityProblems(page: Page, tags: readonly string[] = WCAG_20): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the app's Content-Security-Policy does not govern: an
  // inline <script> (addScriptTag) is refused by it, as any injected script must be.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await (axeSource ??= readFile(axeScript, 'utf8')));
  return page.evaluate(async (values) => {
    const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      runOnly: { type: 'tag', values },
      // Only violations are read: axe skips building the (large) lists of passes and incomplete checks.
      resultTypes: ['violations'],
    });
    return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }, [...tags]);
}

/** Logs in through the login form, as a person does, and waits for the matches page it lands on. */
export async function logInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/home$/);
}

/** Resolves once the page's WebSocket watches a tournament (the server acknowledges the watch). */
export const watching = (page: Page, tournamentId: string) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('"action":"watch"') && text.includes('"statusCode":200') && text.includes(tournamentId)) resolve();
      }),
    );
  });

/**
 * Holds what the page's sockets send (its watches) until `release()`: the page has read its data and
 * asked to watch, but the server learns of it only later, as on a slow phone. Frames from the server
 * reach the page as ever.
 */
export async function holdSocketMessages(page: Page) {
  const held: { send: (message: string | Buffer) => void; messages: (string | Buffer)[] }[] = [];
  let released = false;
  await page.routeWebSocket(/\/ws$/, (route) => {
    const server = route.connectToServer();
    const socket = { send: (message: string | Buffer) => server.send(message), messages: [] as (string | Buffer)[] };
    held.push(socket);
    route.onMessage((message) => (released ? server.send(message) : socket.messages.push(message)));
  });
  return {
    /** The watches held so far. */
    heldWatches: () => held.flatMap(({ messages }) => messages.filter((message) => String(message).includes('"action":"watch"'))).length,
    release() {
      released = true;
      for (const socket of held) {
        for (const message of socket.messages.splice(0)) {
          try {
            socket.send(message);
          } catch {
            // that page was left: its socket is closed
          }
        }
      }
    },
  };
}

/**
 * A watcher of the tournament beside the browser's: `pushed(eventId)` resolves once the server has pushed
 * that event's new state, so a page that starts watching later cannot have been sent it.
 */
export async function pushWitness(baseUrl: string, tournamentId: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  const states: { _id: string }[] = [];
  const waiting = new Set<() => void>();
  const watched = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { action?: string; event?: string; data?: { _id: string } };
      if (message.action === 'watch') resolve();
      if (message.event === 'event-state' && message.data) states.push(message.data);
      waiting.forEach((check) => check());
    });
  });
  socket.on('open', () => socket.send(JSON.stringify({ action: 'watch', tournamentId })));
  await watched;
  return {
    pushed: (eventId: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!states.some((state) => state._id === eventId)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    close: () => socket.close(),
  };
}

/**
 * Scrolls the element into view, again when a render replaced it meanwhile (a card that moved to the
 * results as its list refreshed): Playwright does not retry a scroll whose element was detached under it.
 */
export async function scrollIntoView(locator: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await locator.scrollIntoViewIfNeeded();
      return;
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !error.message.includes('not attached')) throw error;
    }
  }
}
