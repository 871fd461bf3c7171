// Two tabs of one browser whose access token expired: both renew the session, one after the other (a
// Web Lock), so the single-use refresh token is never sent twice at once, and both stay signed in.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');

describe('two tabs at once', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('renew an expired session in turn, and both stay signed in', async () => {
    const { context, page: first } = watched;
    await registerThroughApi(first, baseUrl, { userName: 'Two Tabs', email: uniqueEmail(), password: 'two-tabs-password' });
    const second = await context.newPage();
    for (const page of [first, second]) {
      await page.goto('/home');
      await page.getByRole('link', { name: /^Wallet:/ }).waitFor();
    }

    // The access token has expired (15 idle minutes): the next visit of each tab must refresh.
    const { hostname } = new URL(baseUrl);
    await context.addCookies([{ name: 'accessToken', value: 'expired', domain: hostname, path: '/', httpOnly: true, secure: true, sameSite: 'Lax' }]);
    // Each refresh is held back a little, so both tabs surely want one while the first is under way. A
    // refresh counts as in flight until its answer is handed to the page: counted here, in the route,
    // so a busy machine cannot deliver the end of one after the start of the next.
    let inFlight = 0;
    let mostAtOnce = 0;
    const statuses: number[] = [];
    await context.route('**/api/v1/user/refresh-token', async (route) => {
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const response = await route.fetch();
      statuses.push(response.status());
      inFlight--;
      await route.fulfill({ response });
    });

    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) await page.getByRole('link', { name: /^Wallet:/ }).waitFor();
    // One refresh per tab at least (a tab may renew again for a request that left before its renewal).
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(mostAtOnce).toBe(1);
    await snap(second, 'two-tabs-renewed');
    expect(watched.problems).toEqual([]);
  });
});
