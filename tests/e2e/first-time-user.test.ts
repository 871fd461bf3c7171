// What a first-time user tripped over on a phone (issue 13 §5), clicked through at 390x844 in one
// Chromium: where pages open and come back scrolled to, a reset that signs in, every tournament's
// matches behind the menu's 'Events', what still can be bet on first, each screen's name, toasts below
// the header that stay on their page, the operator's winner dialog and tab row, a tap outside the
// account menu, withdrawing nothing, shared leaderboard places, 44 px tap targets, a used-up OTP, long
// emails, one 'Sign in', and skeletons while the home and events lists load.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminTeam } from '../../shared/api.ts';
import { MSG } from '../../shared/messages.ts';
import { extractOtp, waitForMail } from '../helpers/mail.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { createEvent, createTeam, createTournament, domainModules, hoursFromNow, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createTestCatalog, creditPrize, type TestCatalog } from './betting-setup.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const HEADER_HEIGHT = 60;
const PASSWORD = 'first-time-pass-1';
const NEW_PASSWORD = 'first-time-pass-2';

/**
 * Every control a finger can reach on the screen that is smaller than 44x44 px, as 'label WxH' lines.
 * Hidden controls (the skip link until focused, visually-hidden inputs inside their labels) do not count.
 */
async function smallTapTargets(page: Page): Promise<string[]> {
  // Measured at rest: an opening menu or dialog is still scaled down.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]');
    return [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      const hidden = box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || box.bottom < 0 || box.right < 0 || box.left >= window.innerWidth;
      // A radio or checkbox is reached through its label, which the check covers instead.
      const inLabel = ['radio', 'checkbox'].includes((control as HTMLInputElement).type) && control.closest('label');
      if (hidden || inLabel || control.matches('.skip-link')) return [];
      if (box.width >= 44 && box.height >= 44) return [];
      const label = control.getAttribute('aria-label') ?? control.textContent.trim().slice(0, 30);
      return [`${label} ${Math.round(box.width)}x${Math.round(box.height)}`];
    });
  });
}

const newOtpAfter = async (email: string, since: string) =>
  extractOtp(await waitForMail(baseUrl, email, (mail) => mail.subject.includes('reset') && mail.sentAt >= since));

describe.sequential('a first-time user on a phone', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  let catalog: TestCatalog;
  let operator: ApiClient;
  let laterMatch: { teams: AdminTeam[] };
  const email = uniqueEmail();
  const finishedTitle = `Finished Cup ${randomUUID().slice(0, 4)}`;
  const emptyTitle = `Empty Cup ${randomUUID().slice(0, 4)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
    operator = await operatorClient();
    catalog = await createTestCatalog();
    // A third match in the catalog's tournament, later than the others: its card is the lowest.
    laterMatch = await createEvent(operator, { tournamentId: catalog.tournamentId, time: hoursFromNow(9) });
    const finished = await createTournament(operator, finishedTitle);
    const decided = await createEvent(operator, { tournamentId: finished._id, time: hoursFromNow(-2) });
    expect((await operator.post(`/admin/events/${decided.event._id}/result`, { void: true })).status).toBe(202);
    await createTournament(operator, emptyTitle);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const signInLinks = () => page.getByRole('link', { name: 'Sign in' });
  const toasts = () => page.locator('.notistack-SnackbarContainer [role="alert"]');
  const openAccountMenu = async () => {
    await expect.poll(() => toasts().count(), { timeout: 7_000 }).toBe(0);
    // A tap where the button is: Playwright's own click may scroll first, and a scroll closes the menu.
    const box = (await page.getByRole('button', { name: 'Account menu' }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
  };

  it('shows skeletons while home loads, one Sign in, and cards that say what can still be bet on, in that order', async () => {
    let releaseList = () => {};
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route('**/api/v1/game/tournament-list', async (route) => {
      await listHeld;
      await route.fallback();
    });
    await page.goto('/home');
    await page.getByRole('status', { name: 'Loading tournaments' }).waitFor();
    await expect(page.getByTestId('skeleton').count()).resolves.toBe(1);
    await snap(page, 'first-time-home-skeleton');
    releaseList();

    const card = (title: string) => page.getByRole('link', { name: new RegExp(title) });
    await card(catalog.title).waitFor();
    await page.unroute('**/api/v1/game/tournament-list');
    await expect(card(catalog.title).textContent()).resolves.toMatch(/3 ongoing events.*Starts in 00 days, 0[23] hours/);
    await expect(card(finishedTitle).textContent()).resolves.toContain('Finished · 1 result');
    await expect(card(emptyTitle).textContent()).resolves.toContain('No upcoming matches');
    await expect(card(emptyTitle).textContent()).resolves.not.toMatch(/Starts in|ongoing/);
    const titles = await page.locator('.tournament-card-title').allTextContents();
    expect(titles.indexOf(catalog.title)).toBeLessThan(titles.indexOf(finishedTitle));
    expect(titles.indexOf(catalog.title)).toBeLessThan(titles.indexOf(emptyTitle));

    // Signed out: the header's pill is the one way in; the menu offers no second one.
    await expect(signInLinks().count()).resolves.toBe(1);
    await openAccountMenu();
    await expect(signInLinks().count()).resolves.toBe(1);
    await snap(page, 'first-time-menu-signed-out');
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'detached' });
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('wraps a long email on the verify page without breaking it mid-word or widening the page', async () => {
    const longEmail = `a.very.long.first.name.and.surname.of.a.student.${randomUUID()}@students.hostel-campus.example.edu`;
    await page.goto(`/auth/verify?id=${encodeURIComponent(longEmail)}`);
    const shown = page.locator('.verify-email');
    await shown.waitFor();
    await expect(shown.evaluate((element) => getComputedStyle(element).overflowWrap)).resolves.toBe('anywhere');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await snap(page, 'first-time-verify-long-email');
  });

  it('after 5 wrong codes says the code is used up and offers a new one; the reset then signs in and goes home', async () => {
    await registerThroughApi(page, baseUrl, { userName: 'Neha First', email, password: PASSWORD });
    await page.request.get('/api/v1/user/logout-user');
    await page.goto('/auth/reset-password');
    await page.getByLabel('Email').fill(email);
    const firstAsked = new Date().toISOString();
    await page.getByRole('button', { name: 'Send code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the code' });
    await dialog.waitFor();
    const otp = await newOtpAfter(email, firstAsked);
    const wrong = String((Number(otp) + 1) % 10000).padStart(4, '0');
    // Each try waits for its answer and for the boxes to take digits again.
    const tryCode = async (code: string) => {
      const answered = page.waitForResponse((response) => response.url().includes('/user/check-otp'));
      await dialog.getByLabel('Digit 1 of 4').click();
      await page.keyboard.type(code);
      await answered;
    };
    for (let i = 1; i <= 4; i++) {
      await tryCode(wrong);
      await dialog.getByText(MSG.otpNotValid).waitFor();
    }
    await tryCode(wrong);
    await page.getByText(MSG.tooManyTries).waitFor();
    await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(0);
    await snap(page, 'first-time-otp-used-up');

    const secondAsked = new Date().toISOString();
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await dialog.waitFor();
    await page.keyboard.type(await newOtpAfter(email, secondAsked));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('link', { name: /^Wallet: 1,000 coins$/ }).waitFor();
  });

  it('names each screen in the header and the browser tab', async () => {
    const screens: [string, string][] = [
      ['/wallet', 'Wallet'],
      ['/leaderboard?boardFor=teams', 'Leaderboard'],
      ['/notification', 'Notifications'],
      [`/events?tournamentId=${catalog.tournamentId}`, 'Matches'],
      ['/terms-conditions', 'Terms'],
    ];
    for (const [path, name] of screens) {
      await page.goto(path);
      await page.locator('.brand-title', { hasText: name }).waitFor();
      await expect.poll(() => page.title()).toBe(`${name} · Bet, Play, Win`);
    }
    await page.goto('/home');
    await expect.poll(() => page.title()).toBe('Bet, Play, Win');
    await expect(page.locator('.brand-title').textContent()).resolves.toBe('Bet, Play, Win');
  });

  it("lists every tournament's upcoming matches behind the menu's Events, with a skeleton while they load", async () => {
    await page.route('**/api/v1/game/event-list', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.fallback();
    });
    await openAccountMenu();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Events' }).click();
    await page.waitForURL(/\/events$/);
    await page.getByRole('status', { name: 'Loading matches' }).waitFor();
    await page.getByText('Every tournament, soonest first.').waitFor();
    const { falcons, tigers } = catalog.teams;
    // Other files' tournaments have teams of the same names: this tournament's card is the one naming it.
    const open = page.locator('.event-item', { hasText: catalog.title }).getByRole('article', { name: `${falcons.teamName} versus ${tigers.teamName}` });
    await page.unroute('**/api/v1/game/event-list');
    // In the full suite other files' tournaments have sooner matches: page on until this one shows.
    const more = page.getByRole('button', { name: 'Show more matches' });
    for (let page_ = 0; page_ < 30; page_++) {
      await open.or(more).first().waitFor();
      if (await open.count()) break;
      await more.click();
    }
    await open.waitFor();
    await expect(page.getByText('No Events found').count()).resolves.toBe(0);
    // Each card names its tournament; no finished match is listed.
    await expect(open.count()).resolves.toBe(1);
    await expect(page.getByText('Match Over').count()).resolves.toBe(0);
    await snap(page, 'first-time-all-events');
  });

  it("lists a tournament's matches to play first and its decided ones under Results", async () => {
    await page.goto(`/events?tournamentId=${catalog.tournamentId}`);
    const results = page.getByRole('heading', { name: 'Results', level: 2 });
    await results.waitFor();
    const order = await page.locator('.event-card, #event-results-title').evaluateAll((nodes) =>
      nodes.map((node) => (node.id === 'event-results-title' ? 'Results' : node.getAttribute('aria-label'))),
    );
    const { falcons, tigers, rhinos, owls } = catalog.teams;
    const [home, away] = laterMatch.teams;
    expect(order).toEqual([
      `${falcons.teamName} versus ${tigers.teamName}`,
      `${rhinos.teamName} versus ${owls.teamName}`,
      `${home.teamName} versus ${away.teamName}`,
      'Results',
      `${tigers.teamName} versus ${rhinos.teamName}`,
    ]);
    await snap(page, 'first-time-events-results');
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it("opens create-bet at the top from a lower card's bid, its heading below the header; back returns to the card", async () => {
    const [home, away] = laterMatch.teams;
    const lowerCard = page.getByRole('article', { name: `${home.teamName} versus ${away.teamName}` });
    await lowerCard.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(200);
    await lowerCard.getByRole('button', { name: `Place bid on ${home.teamName}` }).click();
    await page.getByRole('dialog', { name: 'Select betting mode' }).getByRole('button', { name: /coins/i }).click();
    await page.waitForURL(/\/create-bet\?/);
    const heading = page.getByRole('heading', { name: `Initiate betting on ${home.teamName}` });
    await heading.waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(HEADER_HEIGHT);
    await snap(page, 'first-time-create-bet-top');
    expect(await smallTapTargets(page)).toEqual([]);

    await page.goBack();
    await lowerCard.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(scrolledTo - 5);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBeLessThan(scrolledTo + 5);
  });

  it('opens footer links at the top of their page', async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy' }).click();
    await page.waitForURL(/\/privacy$/);
    await page.locator('.brand-title', { hasText: 'Privacy' }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  });

  it('opens a page loaded afresh at the top, not where an earlier one of the tab was left; a reload and back return', async () => {
    const [home, away] = laterMatch.teams;
    const lowerCard = page.getByRole('article', { name: `${home.teamName} versus ${away.teamName}` });
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto(`/events?tournamentId=${catalog.tournamentId}`);
    await lowerCard.scrollIntoViewIfNeeded();
    // Typed into the address bar (or opened from a mail) right after a scroll: a new entry of the same
    // tab, left before the frame that would have sent the scroll event.
    const scrolledTo = await page.evaluate(() => {
      window.scrollTo(0, window.scrollY + 40);
      setTimeout(() => location.assign('/leaderboard?boardFor=teams'), 0);
      return window.scrollY;
    });
    expect(scrolledTo).toBeGreaterThan(200);
    await page.waitForURL(/\/leaderboard/);
    await page.locator('.board-row').nth(8).waitFor();
    // A restore would have scrolled as the rows came in; none is made for a new entry.
    await page.waitForTimeout(1_600);
    expect(await scrollY()).toBe(0);

    // Back on a slow network (or a busy phone): the matches come 3 s later, and it still returns there.
    const matchList = '**/api/v1/game/event-list*';
    await page.route(matchList, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goBack();
    await lowerCard.waitFor();
    await page.unroute(matchList);
    await expect.poll(scrollY, { timeout: 5_000 }).toBeGreaterThan(scrolledTo - 5);
    await page.reload();
    await lowerCard.waitFor();
    await expect.poll(scrollY, { timeout: 5_000 }).toBeGreaterThan(scrolledTo - 5);
    expect(await scrollY()).toBeLessThan(scrolledTo + 5);
  });

  it('shows the cash notice clear of the header and closes it when the user moves on', async () => {
    await page.goto(`/events?tournamentId=${catalog.tournamentId}`);
    const { falcons, tigers } = catalog.teams;
    await page.getByRole('article', { name: `${falcons.teamName} versus ${tigers.teamName}` }).getByRole('button', { name: `Place bid on ${falcons.teamName}` }).click();
    await page.getByRole('dialog', { name: 'Select betting mode' }).getByRole('button', { name: /cash/i }).click();
    const notice = toasts().filter({ hasText: MSG.cashNotice });
    await notice.waitFor();
    expect((await notice.boundingBox())!.y).toBeGreaterThanOrEqual(HEADER_HEIGHT);
    await snap(page, 'first-time-cash-notice');
    await page.getByRole('link', { name: /^Wallet:/ }).click();
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => notice.count(), { timeout: 2_000 }).toBe(0);
  });

  it('disables Withdraw with ₹0 of cash and says why; with a prize it shows the maximum and stacks its toasts', async () => {
    await page.goto('/withdraw');
    await page.getByText('You can withdraw up to ₹0 now.').waitFor();
    const withdraw = page.getByRole('button', { name: 'Complete withdrawl' });
    await expect(withdraw.isDisabled()).resolves.toBe(true);
    await expect(withdraw.getAttribute('aria-describedby')).resolves.toBe('withdraw-blocked');
    await snap(page, 'first-time-withdraw-nothing');
    expect(await smallTapTargets(page)).toEqual([]);

    const userId = (await (await page.request.get('/api/v1/user/current-user')).json()).data._id;
    await creditPrize(userId, 50);
    await page.reload();
    await page.getByText('From 10 up to 50 rupees.').waitFor();
    await expect(withdraw.isEnabled()).resolves.toBe(true);
    // Two refusals in a row: both toasts show, one under the other.
    await page.getByRole('button', { name: 'Complete withdrawl' }).click();
    await page.getByLabel('Amount (rupees)').fill('1');
    await page.getByRole('button', { name: 'Complete withdrawl' }).click();
    await expect.poll(() => toasts().count()).toBe(2);
    const [first, second] = await Promise.all([toasts().nth(0).boundingBox(), toasts().nth(1).boundingBox()]);
    const [upper, lower] = [first!, second!].sort((a, b) => a.y - b.y);
    expect(upper.y).toBeGreaterThanOrEqual(HEADER_HEIGHT);
    expect(lower.y).toBeGreaterThanOrEqual(upper.y + upper.height);
    await snap(page, 'first-time-toasts-stacked');
  });

  it('closes the open account menu on a tap outside it without activating what was under the tap', async () => {
    await page.goto('/leaderboard?boardFor=teams');
    await page.locator('.brand-title', { hasText: 'Leaderboard' }).waitFor();
    await openAccountMenu();
    const brand = (await page.locator('.brand').boundingBox())!;
    await page.mouse.click(brand.x + 12, brand.y + brand.height / 2);
    await expect.poll(() => page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/leaderboard');
    // The next tap is an ordinary one again.
    await page.mouse.click(brand.x + 12, brand.y + brand.height / 2);
    await page.waitForURL(/\/home$/);
  });

  it('gives bettors with equal trophies one place and says how ties are ordered', async () => {
    // Two bettors tied on more trophies than anyone else in this cloud, and one just behind them.
    const { users, dynamodb } = await domainModules();
    const leaders = (await (await page.request.get('/api/v1/game/bettor-leaderboard')).json()).data as { trophy: number }[];
    const top = (leaders[0]?.trophy ?? 0) + 2;
    const suffix = randomUUID().slice(0, 4);
    const bettors = await Promise.all(
      [`Zoya Tied ${suffix}`, `Arun Tied ${suffix}`, `Bela Next ${suffix}`].map(async (userName) => {
        const bettor = await verifiedUser();
        await bettor.client.patch('/user/update-user', { userName });
        return { ...bettor, userName };
      }),
    );
    for (const [bettor, trophies] of [[bettors[0], top], [bettors[1], top], [bettors[2], top - 1]] as const) {
      for (let trophy = 0; trophy < trophies; trophy++) await dynamodb.transactWrite([users.awardTrophyItem(bettor.userId, trophy)]);
    }
    // The board is read from an index, which follows the trophies a moment later: reload until it has.
    const lastTied = page.locator('.board-row', { hasText: `Bela Next ${suffix}` });
    await expect
      .poll(
        async () => {
          await page.goto('/leaderboard?boardFor=bettors');
          await page.locator('.board-row').first().waitFor();
          return lastTied.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    const firstRows = await page.locator('.board-row').evaluateAll((items) => items.slice(0, 3).map((item) => item.textContent));
    expect(firstRows[0]).toMatch(new RegExp(`^#1Arun Tied ${suffix}`));
    expect(firstRows[1]).toMatch(new RegExp(`^#1Zoya Tied ${suffix}`));
    expect(firstRows[2]).toMatch(new RegExp(`^#3Bela Next ${suffix}`));
    await page.getByText('Equal trophies share a place, listed by name.').waitFor();
    const rows = await page.locator('.board-row').evaluateAll((items) =>
      items.map((item) => ({
        rank: Number(item.querySelector('.board-rank')!.textContent.slice(1)),
        trophies: Number(item.querySelector('.board-trophies')!.textContent.replace(/\D/g, '')),
        medal: [...item.classList].find((name) => name.startsWith('medal-')) ?? null,
      })),
    );
    expect(rows.length).toBeGreaterThan(1);
    rows.forEach((row, index) => {
      const expected = index > 0 && rows[index - 1].trophies === row.trophies ? rows[index - 1].rank : index + 1;
      expect(row.rank).toBe(expected);
      expect(row.medal).toBe(row.rank <= 3 && row.trophies > 0 ? `medal-${['gold', 'silver', 'bronze'][row.rank - 1]}` : null);
    });
    await snap(page, 'first-time-leaderboard-ties');
    expect(await smallTapTargets(page)).toEqual([]);
  });

  it('keeps the email on the login form when a reset cannot sign in (an unverified account)', async () => {
    const other = await openPage(browser, baseUrl);
    const unverified = uniqueEmail();
    await registerThroughApi(other.page, baseUrl, { userName: 'Not Yet', email: unverified, password: PASSWORD, verify: false });
    await other.page.goto('/auth/reset-password');
    await other.page.getByLabel('Email').fill(unverified);
    const asked = new Date().toISOString();
    await other.page.getByRole('button', { name: 'Send code' }).click();
    await other.page.getByRole('dialog', { name: 'Enter the code' }).waitFor();
    await other.page.keyboard.type(await newOtpAfter(unverified, asked));
    await other.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await other.page.getByRole('button', { name: 'Reset password' }).click();
    await other.page.waitForURL(/\/auth\/login$/);
    await expect(other.page.getByLabel('Email').inputValue()).resolves.toBe(unverified);
    expect(await smallTapTargets(other.page)).toEqual([]);
    await other.context.close();
  });

  it("wraps a long 'Declare {team} winner' inside its dialog with Cancel in view; the console's tabs are all in view", async () => {
    const console_ = await openPage(browser, baseUrl);
    const operatorPage = console_.page;
    const tournament = await createTournament(operator, `Long Names Cup ${randomUUID().slice(0, 4)}`);
    const longName = `Sardar Patel Hostel Thunderbolts ${randomUUID().slice(0, 4)}`;
    const [long, short] = [await createTeam(operator, longName), await createTeam(operator)];
    await operator.post('/admin/events', { tournamentId: tournament._id, time: hoursFromNow(4), teamIds: [long._id, short._id] });

    await operatorPage.goto('/auth/login');
    await operatorPage.getByLabel('Email').fill(OPERATOR.email);
    await operatorPage.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
    await operatorPage.getByRole('button', { name: 'Log in' }).click();
    await operatorPage.waitForURL(/\/home$/);

    await operatorPage.goto('/operator/tournaments');
    const tabs = operatorPage.getByRole('navigation', { name: 'Operator console' });
    await tabs.waitFor();
    // Every tab on screen at 390 px, none behind a scroll (issue 22 §15: they wrap).
    const links = await tabs.getByRole('link').all();
    expect(links.length).toBeGreaterThanOrEqual(6);
    for (const link of links) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await snap(operatorPage, 'first-time-console-tabs');

    await operatorPage.goto(`/operator/events?tournamentId=${tournament._id}`);
    const current = tabs.getByRole('link', { name: 'Events' });
    await current.waitFor();
    const [row, tab] = [(await tabs.boundingBox())!, (await current.boundingBox())!];
    expect(tab.x).toBeGreaterThanOrEqual(row.x);
    expect(tab.x + tab.width).toBeLessThanOrEqual(row.x + row.width);

    await operatorPage.getByRole('article', { name: `${long.teamName} versus ${short.teamName}` }).getByRole('button', { name: 'Declare winner' }).click();
    const dialog = operatorPage.getByRole('dialog', { name: 'Declare the winner' });
    await dialog.getByRole('radio', { name: long.teamName }).check();
    const declare = dialog.getByRole('button', { name: `Declare ${long.teamName} winner` });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const box = (await dialog.boundingBox())!;
    for (const button of [declare, cancel]) {
      const part = (await button.boundingBox())!;
      expect(part.x).toBeGreaterThanOrEqual(box.x);
      expect(part.x + part.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(part.y + part.height).toBeLessThanOrEqual(844);
    }
    await snap(operatorPage, 'first-time-declare-long-winner');
    await cancel.click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(console_.problems).toEqual([]);
    await console_.context.close();
    expect(watched.problems).toEqual([]);
  });
});
