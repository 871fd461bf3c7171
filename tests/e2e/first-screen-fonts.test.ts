// The loader resolves the fonts of the first screens while it waits (web/src/lib/font-warmup.ts), so a
// page's first layout does not: this reads every text style off home and a tournament's matches, as a
// visitor sees them at phone and desktop width, and fails when the warm-up list misses one (home shows
// every tournament of the shared test cloud, finished ones too). It also checks that the warm-up leaves
// nothing behind in the page.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FIRST_SCREEN_TEXT_STYLES } from '../../web/src/lib/font-warmup.ts';
import { createEvent, createTournament, operatorClient } from '../integration/game-flows.ts';
import { DESKTOP, launchBrowser, openPage, PHONE, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');

/** 'weight size-in-rem [italic]' of every visible text on the page. */
function textStylesOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const styles = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent?.trim() || !element || !element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const rem = Math.round((parseFloat(style.fontSize) / rootSize) * 1000) / 1000;
      styles.add(`${style.fontWeight} ${rem}${style.fontStyle === 'italic' ? ' italic' : ''}`);
    }
    return [...styles].sort();
  });
}

describe('the fonts of the first screens', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let tournamentId: string;

  beforeAll(async () => {
    const operator = await operatorClient();
    tournamentId = (await createTournament(operator))._id;
    await createEvent(operator, { tournamentId });
    await createEvent(operator, { tournamentId, isBetActive: false });
    // A tournament with nothing upcoming: home shows it in its own style.
    await createTournament(operator);
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('are all resolved while the loader waits, and the warm-up leaves nothing in the page', async () => {
    const warmed = new Set(FIRST_SCREEN_TEXT_STYLES.map(([weight, rem, italic]) => `${weight} ${rem}${italic ? ' italic' : ''}`));
    const { page } = watched;
    const seen = new Map<string, string>();
    for (const [path, ready] of [
      ['/home', '.tournament-grid'],
      [`/events?tournamentId=${tournamentId}`, '.event-card'],
    ] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        for (const style of await textStylesOf(page)) if (!seen.has(style)) seen.set(style, `${path} at ${viewport.width} px`);
      }
    }
    const missing = [...seen].filter(([style]) => !warmed.has(style)).map(([style, where]) => `${style} (${where})`);
    expect(missing, 'text styles the warm-up list (web/src/lib/font-warmup.ts) misses').toEqual([]);
    // The samples are gone once every style was resolved.
    await expect.poll(() => page.locator('[data-font-warm-up]').count()).toBe(0);
    expect(watched.problems).toEqual([]);
  });
});
