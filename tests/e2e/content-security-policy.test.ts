// The SPA's Content-Security-Policy in Chromium: served on every page and asset (the same policy
// CloudFront sends, infra/security-headers.ts), it stops what an injected script or markup would do, and
// each refusal reaches the console as an error, which the console watcher of every browser test
// (tests/e2e/support.ts, every-screen.test.ts) reports: a screen that needs a source the policy lacks
// fails those tests.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SPA_CONTENT_SECURITY_POLICY } from '../../infra/security-headers.ts';
import { launchBrowser, openPage, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');

describe.sequential('Content-Security-Policy', () => {
  let browser: Browser;
  let watched: WatchedPage;
  /** Violations as the page itself sees them (the event a report would be sent from). */
  const violationsOf = (w: WatchedPage) =>
    w.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    await watched.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('is sent with the page and its assets, and the home screen loads under it with no violation', async () => {
    const page = await watched.page.goto('/home');
    expect(await page?.headerValue('content-security-policy')).toBe(SPA_CONTENT_SECURITY_POLICY);
    const script = await watched.page.request.get((await watched.page.locator('script[src^="/assets/"]').first().getAttribute('src'))!);
    expect(script.headers()['content-security-policy']).toBe(SPA_CONTENT_SECURITY_POLICY);
    // The demo tournaments' images are our own; a live WebSocket is opened only when signed in.
    await watched.page.getByRole('heading', { name: 'Tournaments' }).waitFor();
    await watched.page.locator('main img').first().waitFor();
    expect(await violationsOf(watched)).toEqual([]);
    expect(watched.problems.splice(0)).toEqual([]);
  });

  it('refuses an injected inline script, a script or image from another host, a plugin and a <base>, each reported as a console error', async () => {
    const { page } = watched;
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.injected = true';
      const remote = document.createElement('script');
      remote.src = 'https://scripts.example/steal.js';
      const plain = document.createElement('img');
      plain.src = 'http://images.example/track.png';
      const plugin = document.createElement('object');
      plugin.data = '/favicon.svg';
      const base = document.createElement('base');
      base.href = 'https://elsewhere.example/';
      document.body.append(inline, remote, plain, plugin);
      document.head.append(base);
    });
    await expect.poll(() => violationsOf(watched)).toHaveLength(5);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    expect((await violationsOf(watched)).sort()).toEqual([
      'base-uri https://elsewhere.example/',
      'img-src http://images.example/track.png',
      `object-src ${new URL('/favicon.svg', baseUrl).href}`,
      'script-src-elem https://scripts.example/steal.js',
      'script-src-elem inline',
    ].sort());
    // What every browser test's console watcher fails a screen on.
    const reported = watched.problems.splice(0);
    expect(reported.filter((line) => line.includes('Content Security Policy'))).toHaveLength(5);
  });
});
