// The operator finds anyone (issue 22 §12), clicked through in Chromium at 390x844 and on a laptop:
// 'rao' and 'ananya@' find Ananya Rao on the Users screen (before: only a name's beginning, so nobody),
// and her name opens her page: wallet, prizes, withdrawals, bets and coin history; Back keeps the results.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OPERATOR } from '../integration/game-flows.ts';
import { accessibilityProblems, DESKTOP, launchBrowser, logInThroughForm, openPage, PHONE, registerThroughApi, snap, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
/** Letters only (names take no digits). */
const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const ananya = { userName: `Ananya Rao ${suffix.toUpperCase()}`, email: `ananya.${suffix}@test.local`, password: 'password-123' };
const teamName = `Tapti Titans ${suffix}`;

async function ok(answer: Promise<{ ok: () => boolean; status: () => number; json: () => Promise<unknown> }>) {
  const response = await answer;
  if (!response.ok()) throw new Error(`answered ${response.status()}: ${JSON.stringify(await response.json())}`);
  return ((await response.json()) as { data: { _id: string } }).data;
}

/** Nothing wider than the screen. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.sequential('the operator finds anyone and opens their page', () => {
  let browser: Browser;
  let operatorPage: WatchedPage;
  let studentPage: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    [operatorPage, studentPage] = await Promise.all([openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' }), openPage(browser, baseUrl)]);
    await Promise.all([registerThroughApi(studentPage.page, baseUrl, ananya), logInThroughForm(operatorPage.page, OPERATOR)]);
    // A match to bet on, a prize and a withdrawal: something in every card of her page.
    const api = operatorPage.page.request;
    const tournament = await ok(api.post('/api/v1/admin/tournaments', { data: { title: `Hostel Cup ${suffix}`, previewImg: '/demo/cricket.svg' } }));
    const teams = await Promise.all([teamName, `Kaveri Kings ${suffix}`].map((name) => ok(api.post('/api/v1/admin/teams', { data: { teamName: name, teamRank: 1, members: [{ name: 'Asha' }] } }))));
    const event = await ok(
      api.post('/api/v1/admin/events', { data: { tournamentId: tournament._id, time: new Date(Date.now() + 3 * 3600_000).toISOString(), teamIds: teams.map((team) => team._id) } }),
    );
    const student = studentPage.page.request;
    await ok(student.post('/api/v1/bet/create-new', { data: { eventId: event._id, teamId: teams[0]._id, betWay: 'coin', amount: 120 } }));
    const me = await ok(student.get('/api/v1/user/current-user'));
    await ok(api.post(`/api/v1/admin/users/${me._id}/credit`, { data: { cash: 300, coins: 50, reason: 'Quiz night winner' } }));
    await ok(student.post('/api/v1/wallet/create-withdraw', { data: { amount: 100, upiId: 'ananya.rao@okbank' } }));
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  /** Searches and waits for the server's answer: until then the page may still show the last results. */
  async function search(page: Page, query: string) {
    const answered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/v1/admin/users' && url.searchParams.get('query') === query;
    });
    await page.getByLabel('Email or name').fill(query);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('query') === query);
    await answered;
  }

  it("finds her by a part of her name ('rao') and of her email ('ananya.…@'), in any case", async () => {
    const { page } = operatorPage;
    await page.goto('/operator/users');
    await page.getByText('Any part of it, in any case').waitFor();
    await search(page, 'rao');
    const results = page.getByRole('region', { name: 'Users found' });
    await results.getByRole('link', { name: ananya.userName }).waitFor();
    await search(page, `ANANYA.${suffix.toUpperCase()}@`);
    // Only she has that email; the results render a moment after the answer.
    await expect.poll(() => results.getByRole('listitem').count()).toBe(1);
    await results.getByRole('link', { name: ananya.userName }).waitFor();
    await results.getByText(ananya.email).waitFor();
    await snap(page, 'operator-people-search');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('says when nobody matches', async () => {
    const { page } = operatorPage;
    await search(page, `zz${suffix}zz`);
    await page.getByText('No users found').waitFor();
    await page.getByText(`Nobody’s name or email contains ‘zz${suffix}zz’`).waitFor();
  });

  it('opens her page: wallet, prizes, withdrawals, bets and coin history', async () => {
    const { page } = operatorPage;
    await search(page, `rao ${suffix}`);
    await page.getByRole('region', { name: 'Users found' }).getByRole('link', { name: ananya.userName }).click();
    await page.waitForURL(/\/operator\/users\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: ananya.userName }).waitFor();
    const summary = page.getByRole('region', { name: 'Profile and wallet' });
    await summary.getByText(ananya.email).waitFor();
    await summary.getByText('Verified', { exact: true }).waitFor();
    // 1,000 welcome - 120 staked + 50 prize; ₹300 prize - ₹100 withdrawn.
    expect((await summary.locator('dd').allInnerTexts()).map((text) => text.trim())).toEqual(['930', '200', '0', '0']);

    const prizes = page.getByRole('region', { name: 'Prizes' });
    await prizes.getByRole('heading', { name: '₹300 and 50 coins' }).waitFor();
    await prizes.getByText('Quiz night winner').waitFor();
    const withdrawals = page.getByRole('region', { name: 'Withdrawals' });
    await withdrawals.getByRole('heading', { name: '₹100 Pending' }).waitFor();
    await withdrawals.getByText('ananya.rao@okbank').waitFor();
    const bets = page.getByRole('region', { name: 'Bets' });
    await bets.getByRole('heading', { name: `120 coins on ${teamName} Pending` }).waitFor();
    const history = page.getByRole('region', { name: 'Coin history' });
    for (const what of ['Welcome bonus', 'Bet placed', 'Prize', 'Withdrawal']) await history.getByRole('heading', { name: what, exact: true }).waitFor();
    await history.getByText('−120 coins').waitFor();
    await history.getByText('+50 coins · +₹300').waitFor();
    // The Users tab stays the current section.
    await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Users' }).and(page.locator('[aria-current="page"]')).waitFor();

    await snap(page, 'operator-person');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      expect(await overflow(page), `${size.width}px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(PHONE);
    await history.scrollIntoViewIfNeeded();
    await snap(page, 'operator-person-history');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(operatorPage.problems).toEqual([]);
  });

  it('Back to all users keeps the search', async () => {
    const { page } = operatorPage;
    await page.getByRole('link', { name: '← All users' }).click();
    await page.getByRole('region', { name: 'Users found' }).getByRole('link', { name: ananya.userName }).waitFor();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('query')]).toEqual(['/operator/users', `rao ${suffix}`]);
    expect(await page.getByLabel('Email or name').inputValue()).toBe(`rao ${suffix}`);
  });

  it('an unknown person says so', async () => {
    const { page } = operatorPage;
    await page.goto('/operator/users/00000000-0000-4000-8000-000000000000');
    await page.getByText('User not found').waitFor();
    await snap(page, 'operator-person-not-found');
  });
});
