// Every screen of the SPA in Chromium, each as the kind of user who can see it: a visitor (the loader,
// the auth pages, the signed-out home, a group's invite link), a verified bettor with a bet, a prize, a
// withdrawal, notifications and a group, and the operator (the console); plus the 404 page, the main dialogs, the account menus,
// form errors and each kind of toast. On each, at phone and desktop width and in the Dark UI (the
// default) and the Light UI, axe-core finds no WCAG 2 A/AA violation, and nothing is logged as a
// console error. The test checks its own coverage: every path of web/src/lib/paths.ts must have been
// visited, so a new route without a scan fails here.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SUPPORT_EMAIL } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import {
  PATHS,
  confirmBettingPath,
  createBetPath,
  groupPath,
  joinPath,
  leaderboardPath,
  notificationPath,
  operatorEventsPath,
  operatorTeamsPath,
  operatorFixturesPath,
  operatorWithdrawalsPath,
  profilePath,
} from '../../web/src/lib/paths.ts';
import { extractOtp, waitForMail } from '../helpers/mail.ts';
import { createEvent, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import { createTestCatalog, type TestCatalog } from './betting-setup.ts';
import { DESKTOP, PHONE, accessibilityProblems, launchBrowser, openPage, pickGeneratedPhoto, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const STAKE = 120;
/** A test scans up to 14 screens with axe four times each (two widths, two themes): ~30 s on an idle machine, three times that beside another browser on a busy one. */
const SCREEN_TIMEOUT_MS = 180_000;

type Theme = 'dark' | 'light';

/** `/profile/:userId` as a pattern matching any one path segment for each parameter. */
const routePattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);

describe.sequential('every screen', () => {
  let browser: Browser;
  let visitor: WatchedPage;
  let bettor: WatchedPage;
  let operator: WatchedPage;
  let catalog: TestCatalog;
  let userId: string;
  let betId: string;
  let group: { groupId: string; inviteCode: string };
  const bettorEmail = uniqueEmail();
  const unverifiedEmail = uniqueEmail();
  /** Pathnames of the screens scanned so far. */
  const visited = new Set<string>();

  beforeAll(async () => {
    browser = await launchBrowser();
    [visitor, bettor, operator] = await Promise.all([openPage(browser, baseUrl), openPage(browser, baseUrl), openPage(browser, baseUrl)]);
    catalog = await createTestCatalog();

    await registerThroughApi(bettor.page, baseUrl, { userName: 'Screen Tester', email: bettorEmail, password: 'screen-password-1' });
    userId = (await (await bettor.page.request.get('/api/v1/user/current-user')).json()).data._id;
    // A group of the bettor's, for its page and (as a visitor) its invite link.
    const created = await bettor.page.request.post('/api/v1/group/create-group', { data: { name: 'Screen Testers' } });
    expect(created.status()).toBe(201);
    group = (await created.json()).data;

    // A prize from the operator (a notification and cash), part of which the bettor asks to withdraw.
    expect((await operator.page.request.post('/api/v1/user/login-user', { data: OPERATOR })).status()).toBe(200);
    const credit = await operator.page.request.post(`/api/v1/admin/users/${userId}/credit`, { data: { cash: 100, reason: 'Quiz night winner' } });
    expect(credit.ok()).toBe(true);
    const withdrawal = await bettor.page.request.post('/api/v1/wallet/create-withdraw', { data: { amount: 40, upiId: 'screen.tester@okbank' } });
    expect(withdrawal.status()).toBe(201);

    // An account waiting for its email check, for the verify page; registering does not sign in.
    await registerThroughApi(visitor.page, baseUrl, { userName: 'Pending Tester', email: unverifiedEmail, password: 'pending-password-1', verify: false });
    expect((await visitor.page.request.post('/api/v1/user/create-email-verification', { data: { email: unverifiedEmail } })).ok()).toBe(true);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  /**
   * Turns CSS transitions off. A theme switch otherwise starts one on every element (the reduced-motion
   * rule gives all of them 0.01 ms), and until those have ticked, one frame per level of inherited
   * colour, computed colours mix both themes and axe reports contrasts no user sees.
   */
  const stopTransitions = (page: Page) =>
    page.evaluate(() => {
      if (document.getElementById('e2e-no-transitions')) return;
      const style = document.createElement('style');
      style.id = 'e2e-no-transitions';
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    });

  /** Switches the palette the way the app's theme setting does: the data-theme attribute on <html>. */
  const setThemeAttribute = (page: Page, theme: Theme) =>
    page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
      document.documentElement.style.colorScheme = value;
    }, theme);

  interface CheckOptions {
    /** Screenshot names, for screens no other test snaps in that theme. */
    snap?: string;
    snapLight?: string;
    /** False for a screen the app's own toggle has already put in the Light UI: scanned as it is. */
    bothThemes?: boolean;
  }

  /**
   * Scans what the page shows now at phone and desktop width, in the Dark UI and the Light UI, takes the
   * screenshots asked for, and checks that the console stayed clean. Soft checks: one run reports the
   * problems of every screen.
   */
  async function check(watched: WatchedPage, screen: string, options: CheckOptions = {}) {
    const { page } = watched;
    const themes: (Theme | null)[] = options.bothThemes === false ? [null] : ['dark', 'light'];
    await stopTransitions(page);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const theme of themes) {
        if (theme) await setThemeAttribute(page, theme);
        const where = `${theme ? `${theme} UI, ` : ''}${size.width} px wide`;
        expect.soft(await accessibilityProblems(page), `axe on ${screen} (${where})`).toEqual([]);
      }
    }
    await page.setViewportSize(PHONE);
    if (options.bothThemes !== false) await setThemeAttribute(page, 'dark');
    if (options.snap) await snap(page, options.snap);
    if (options.snapLight) {
      await setThemeAttribute(page, 'light');
      await snap(page, options.snapLight);
      await setThemeAttribute(page, 'dark');
    }
    expect.soft(watched.problems.splice(0), `console errors on ${screen}`).toEqual([]);
  }

  /**
   * Goes to `url`, waits for the screen's content and scans it. Only a page's first screen is a full
   * load; after it the test moves within the app as its links do (a history entry the router follows),
   * which spares reloading the app and axe for every screen. The page must end on the route asked for
   * (or on `landsOn` for a redirecting route), so a guard sending the user elsewhere fails here.
   */
  async function visit(watched: WatchedPage, url: string, ready: (page: Page) => Locator, options: CheckOptions & { landsOn?: string } = {}) {
    const { page } = watched;
    if (page.url().startsWith(baseUrl)) {
      await page.evaluate((to) => {
        const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
        history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      }, url);
    } else {
      await page.goto(url);
    }
    await ready(page).first().waitFor();
    const asked = new URL(url, baseUrl).pathname;
    await expect.poll(() => new URL(page.url()).pathname, { message: `where ${url} leads` }).toBe(options.landsOn ?? asked);
    visited.add(asked);
    await check(watched, url, options);
  }

  /** Waits for a toast of that kind (success, info, warning or error) and scans the screen with it. */
  async function checkToast(watched: WatchedPage, variant: 'success' | 'info' | 'warning' | 'error', text: string) {
    await watched.page.locator(`.notistack-MuiContent-${variant}`, { hasText: text }).waitFor();
    await check(watched, `the ${variant} toast '${text}'`);
  }

  /** Opens the avatar menu with a tap at the button's place (a scroll would close it again). */
  async function openAccountMenu(page: Page) {
    const button = page.getByRole('button', { name: 'Account menu' });
    const box = (await button.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.menu-panel:not(.is-closing)').waitFor();
  }

  /** Scans the open account menu, which must still be open afterwards (a resize must not close it unseen). */
  async function checkAccountMenu(watched: WatchedPage, screen: string, options: CheckOptions = {}) {
    await check(watched, screen, options);
    await expect(watched.page.getByRole('button', { name: 'Account menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
  }

  async function closeAccountMenu(page: Page) {
    await page.keyboard.press('Escape');
    await page.locator('.menu-panel').waitFor({ state: 'detached' });
  }

  /** Opens a dialog with `opener`, scans it, and closes it with Escape. */
  async function checkDialog(watched: WatchedPage, opener: Locator, name: string, options: CheckOptions = {}) {
    await opener.click();
    const dialog = watched.page.getByRole('dialog', { name });
    await dialog.waitFor();
    await check(watched, `the dialog '${name}'`, options);
    await watched.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  it(
    'shows a visitor the loader, the auth screens, the signed-out home and menu, and the 404 page',
    async () => {
      const page = visitor.page;
      // The full-page loader, held on screen until the auth check is let through.
      let answerAuthCheck = () => {};
      const authCheckHeld = new Promise<void>((resolve) => (answerAuthCheck = resolve));
      await page.route('**/api/v1/user/check-auth', async (route) => {
        await authCheckHeld;
        await route.continue();
      });
      await page.goto(PATHS.login);
      await page.getByRole('status', { name: 'Loading the app' }).waitFor();
      await check(visitor, 'the full-page loader');
      answerAuthCheck();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await page.unroute('**/api/v1/user/check-auth');

      await visit(visitor, PATHS.auth, (p) => p.getByRole('button', { name: 'Log in' }), { landsOn: PATHS.login });
      await visit(visitor, PATHS.login, (p) => p.getByRole('button', { name: 'Log in' }));
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').filter({ hasText: MSG.emailPasswordRequired }).waitFor();
      await check(visitor, 'the login error');
      await visit(visitor, PATHS.registration, (p) => p.getByRole('button', { name: 'Create account' }));
      await visit(visitor, `${PATHS.verify}?token=forged&code=123456`, (p) => p.getByRole('heading', { name: 'Verification failed' }));

      await visit(visitor, PATHS.resetPassword, (p) => p.getByRole('button', { name: 'Send code' }), { snap: 'reset-password' });
      await page.getByLabel('Email').fill(bettorEmail);
      await page.getByRole('button', { name: 'Send code' }).click();
      const otpDialog = page.getByRole('dialog', { name: 'Enter the code' });
      await otpDialog.waitFor();
      await check(visitor, 'the OTP dialog', { snapLight: 'reset-otp-dialog-light' });
      await page.keyboard.type(extractOtp(await waitForMail(baseUrl, bettorEmail, (m) => m.subject.includes('reset'))));
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await otpDialog.waitFor({ state: 'detached' });
      await check(visitor, 'the new-password step');

      await visit(visitor, PATHS.home, (p) => p.getByRole('link', { name: new RegExp(catalog.title) }));
      await openAccountMenu(page);
      await checkAccountMenu(visitor, 'the signed-out account menu');
      await closeAccountMenu(page);
      await visit(visitor, '/no/such/page', (p) => p.getByRole('heading', { name: 'Page not found' }));
      // A referee's page opened without its link's secret says the link does not work.
      await visit(visitor, PATHS.score, (p) => p.getByText(MSG.scorerLinkInvalid));
      await visit(visitor, joinPath(group.inviteCode), (p) => p.getByRole('heading', { name: 'Screen Testers' }), { snap: 'join-invite-visitor' });

      // Last, as its toast stays over the page for a while.
      await visit(visitor, `${PATHS.verify}?${new URLSearchParams({ id: unverifiedEmail })}`, (p) => p.getByText('We sent a verification link to'));
      await page.getByRole('button', { name: 'Resend' }).click();
      await checkToast(visitor, 'success', 'Verification link sent');
    },
    SCREEN_TIMEOUT_MS,
  );

  it(
    'shows a signed-in bettor the public screens, the account menu and the betting-mode popup',
    async () => {
      const page = bettor.page;
      const tournamentCard = (p: Page) => p.getByRole('link', { name: new RegExp(catalog.title) });
      await visit(bettor, PATHS.root, tournamentCard);
      await visit(bettor, PATHS.home, tournamentCard);

      await openAccountMenu(page);
      await checkAccountMenu(bettor, 'the account menu', { bothThemes: false });
      await page.getByRole('button', { name: 'Light UI' }).click();
      await page.getByRole('button', { name: 'Dark UI' }).waitFor();
      await checkAccountMenu(bettor, 'the account menu in the Light UI', { bothThemes: false });
      await page.getByRole('button', { name: 'Dark UI' }).click();
      await page.getByRole('button', { name: 'Light UI' }).waitFor();
      await closeAccountMenu(page);

      await visit(bettor, leaderboardPath('teams'), (p) => p.locator('.board-row'));
      await visit(bettor, leaderboardPath('bettors'), (p) => p.locator('.board-row, .empty-state'));
      await visit(bettor, PATHS.terms, (p) => p.getByText('A winning bet pays 1.5 times the stake'));
      // The catalogue's matches were made one by one: no generated format, so no cup pool (tests/e2e/cup-pool.test.ts scans one).
      await visit(bettor, `${PATHS.pool}?${new URLSearchParams({ tournamentId: catalog.tournamentId })}`, (p) => p.getByText(MSG.poolNotFound));
      await visit(bettor, PATHS.privacy, (p) => p.getByRole('heading', { name: 'Privacy & guidelines' }));
      await visit(bettor, PATHS.contact, (p) => p.getByText(SUPPORT_EMAIL));
      await visit(bettor, '/no/such/page', (p) => p.getByRole('heading', { name: 'Page not found' }), { snap: 'not-found-signed-in' });

      await visit(bettor, `${PATHS.events}?${new URLSearchParams({ tournamentId: catalog.tournamentId })}`, (p) => p.getByText('Match Over'));
      const bid = page.getByRole('button', { name: `Place bid on ${catalog.teams.falcons.teamName}` });
      await checkDialog(bettor, bid, 'Select betting mode', { snapLight: 'betting-mode-dialog-light' });
      await bid.click();
      await page.getByRole('dialog', { name: 'Select betting mode' }).getByRole('button', { name: 'Use cash' }).click();
      await checkToast(bettor, 'info', MSG.cashNotice);

      // The bet the next test's screens show, placed once the popup on an unbet match has been scanned.
      const bet = await page.request.post('/api/v1/bet/create-new', {
        data: { eventId: catalog.openEvent._id, teamId: catalog.teams.falcons._id, betWay: 'coin', amount: STAKE },
      });
      expect(bet.status()).toBe(201);
      betId = (await bet.json()).data.betId;
    },
    SCREEN_TIMEOUT_MS,
  );

  it(
    'shows the bettor their own screens with content: bet, profile, wallet, withdraw and notifications',
    async () => {
      const page = bettor.page;
      const { falcons } = catalog.teams;
      const betQuery = { teamId: falcons._id, eventId: catalog.openEvent._id, team: falcons.teamName };
      // The card of a match the bettor has bet on shows the bet in place of the bids.
      // A fresh load: the bet went in through the API, so the cards' earlier answer of my bets is stale.
      const eventsUrl = `${PATHS.events}?${new URLSearchParams({ tournamentId: catalog.tournamentId })}`;
      await page.goto(eventsUrl);
      await visit(bettor, eventsUrl, (p) => p.getByText(`Your bet: ${STAKE} coins on ${falcons.teamName}`), { snap: 'events-my-bet' });
      const betOn = page.getByRole('article', { name: `${falcons.teamName} versus ${catalog.teams.tigers.teamName}` });
      await expect(betOn.getByRole('button', { name: /^Place bid/ }).count()).resolves.toBe(0);
      // A match whose betting is paused says so, with the way back; an open one not bet on yet has the form.
      // The one bet on shows that bet instead.
      const { rhinos } = catalog.teams;
      const pausedQuery = { teamId: rhinos._id, eventId: catalog.pausedEvent._id, team: rhinos.teamName };
      await visit(bettor, createBetPath({ mode: 'coin', ...pausedQuery }), (p) => p.getByText('Betting on this match is paused for now.'), { snap: 'create-bet-paused' });
      const fresh = await createEvent(await operatorClient());
      const formQuery = { teamId: fresh.teams[0]._id, eventId: fresh.event._id, team: fresh.teams[0].teamName };
      await visit(bettor, createBetPath({ mode: 'cash', ...formQuery }), (p) => p.getByRole('button', { name: 'Proceed to pay' }), { snap: 'create-bet-cash' });
      await visit(bettor, createBetPath({ mode: 'coin', ...betQuery }), (p) => p.getByRole('heading', { name: 'Your bet on this match' }), { snap: 'create-bet-placed' });
      // The second illustration replaces the first after 1.5 s.
      await visit(bettor, confirmBettingPath(betId), (p) => p.getByRole('img', { name: 'Your bet ticket' }));

      await visit(bettor, profilePath(userId), (p) => p.getByRole('listitem').filter({ hasText: falcons.teamName }).getByText('In play'), {
        snapLight: 'profile-bets-light',
      });
      await visit(bettor, PATHS.editProfile, (p) => p.getByLabel('User name'));
      await pickGeneratedPhoto(page, 600, 400);
      const cropDialog = page.getByRole('dialog', { name: 'Crop your avatar' });
      await cropDialog.waitFor();
      await check(bettor, 'the avatar crop dialog');
      await cropDialog.getByRole('button', { name: 'Cancel' }).click();
      await cropDialog.waitFor({ state: 'detached' });

      await visit(bettor, PATHS.wallet, (p) => p.getByRole('region', { name: 'Order history' }).getByText('pending'));
      await visit(bettor, PATHS.withdraw, (p) => p.locator('.withdraw-balance', { hasText: '60' }));
      await visit(bettor, notificationPath('all'), (p) => p.getByText('Quiz night winner'), { snapLight: 'notifications-all-light' });
      await visit(bettor, notificationPath('unreads'), (p) => p.getByRole('button', { name: /Quiz night winner/ }));
      await visit(bettor, groupPath(group.groupId), (p) => p.getByRole('heading', { name: 'Screen Testers' }), { snap: 'group-page-member' });

      // Last, as its toasts stay over the page for a while: a refused amount, said next to the field too.
      await visit(bettor, createBetPath({ mode: 'coin', ...formQuery }), (p) => p.getByRole('button', { name: 'Confirm betting' }));
      await page.getByLabel('Amount (coins)').fill('5');
      await page.getByRole('button', { name: 'Confirm betting' }).click();
      await page.locator('.notistack-MuiContent-warning').waitFor();
      await page.locator('.field-error').getByText(MSG.minBet).waitFor();
    },
    SCREEN_TIMEOUT_MS,
  );

  it(
    'shows the operator the console with its forms and dialogs',
    async () => {
      const page = operator.page;
      const { falcons, tigers } = catalog.teams;
      await visit(operator, PATHS.operator, (p) => p.getByRole('button', { name: `Edit ${catalog.title}` }), { landsOn: PATHS.operatorTournaments });
      await visit(operator, PATHS.operatorTournaments, (p) => p.getByRole('button', { name: `Edit ${catalog.title}` }));
      await checkDialog(operator, page.getByRole('button', { name: `Edit ${catalog.title}` }), 'Edit tournament');
      await openAccountMenu(page);
      await page.getByRole('navigation', { name: 'Operator', exact: true }).waitFor();
      await checkAccountMenu(operator, 'the operator account menu');
      await closeAccountMenu(page);

      await visit(operator, operatorTeamsPath(catalog.tournamentId), (p) => p.getByRole('button', { name: `Edit ${falcons.teamName}` }).first());
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.getByRole('alert').first().waitFor();
      await check(operator, 'the refused new team');
      // Other files' catalogs reuse the team's name in the full suite: any one of them opens the same dialog.
      await checkDialog(operator, page.getByRole('button', { name: `Edit ${falcons.teamName}` }).first(), 'Edit team', { snap: 'operator-edit-team' });

      await visit(operator, operatorEventsPath(catalog.tournamentId), (p) => p.getByText('Betting open'), { snapLight: 'operator-events-light' });
      const match = page.getByRole('article', { name: `${falcons.teamName} versus ${tigers.teamName}` });
      await checkDialog(operator, match.getByRole('button', { name: 'Reschedule' }), 'Reschedule match', { snap: 'operator-reschedule-match' });
      await checkDialog(operator, match.getByRole('button', { name: 'Declare winner' }), 'Declare the winner');
      await checkDialog(operator, match.getByRole('button', { name: 'Void' }), 'Void this match?');

      await visit(operator, operatorFixturesPath(catalog.tournamentId), (p) => p.getByRole('heading', { name: 'Fixtures', level: 1 }));
      await visit(operator, PATHS.operatorSetup, (p) => p.getByText('Name the tournament'));
      await visit(operator, PATHS.operatorUsers, (p) => p.getByText('Find a user by email or name'));
      await page.getByLabel('Email or name').fill(bettorEmail);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { name: 'Screen Tester' }).waitFor();
      await check(operator, 'the user search results');
      await checkDialog(operator, page.getByRole('button', { name: 'Credit a prize to Screen Tester' }), 'Credit a prize');
      // A person's page (issue 22 §12): the name in the results opens it.
      const personPath = await page.getByRole('link', { name: 'Screen Tester' }).first().getAttribute('href');
      await visit(operator, personPath!, (p) => p.getByRole('heading', { name: 'Coin history' }));

      const markPaid = page.getByRole('button', { name: "Mark Screen Tester's withdrawal paid" });
      await visit(operator, operatorWithdrawalsPath('pending'), () => markPaid, {
        snap: 'operator-withdrawals-pending',
        snapLight: 'operator-withdrawals-pending-light',
      });
      await checkDialog(operator, markPaid, 'Mark as paid', { snap: 'operator-mark-paid' });
      await checkDialog(operator, page.getByRole('button', { name: "Reject Screen Tester's withdrawal" }), 'Reject withdrawal');
      await visit(operator, operatorWithdrawalsPath('paid'), (p) => p.getByRole('region', { name: 'Paid withdrawals' }).locator('li, .empty-state'));
    },
    SCREEN_TIMEOUT_MS,
  );

  it('has scanned every route of the app', () => {
    const routes = Object.entries(PATHS).filter(([name]) => name !== 'notFound');
    const missed = routes.filter(([, path]) => ![...visited].some((pathname) => routePattern(path).test(pathname))).map(([name, path]) => `${name} (${path})`);
    expect(missed).toEqual([]);
  });
});
