// Route guards, the 404 page, static pages, the loader, and the auth screens' error messages.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SUPPORT_EMAIL } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const password = 'guard-password-1';

describe.sequential('guards, static pages and auth errors', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  const verifiedEmail = uniqueEmail();
  const unverifiedEmail = uniqueEmail();

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
    // Accounts made through the API (the browser context's request client): one verified, one not.
    await registerThroughApi(page, baseUrl, { userName: 'Guard Tester', email: unverifiedEmail, password, verify: false });
    await registerThroughApi(page, baseUrl, { userName: 'Guard Tester', email: verifiedEmail, password });
    await page.request.get('/api/v1/user/logout-user');
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const alertText = () => page.getByRole('alert').first().textContent();

  it('shows the loader, then the home page titled Bet, Play, Win', async () => {
    // The local cloud seeds demo tournaments: an empty list is answered here to see the empty state.
    await page.route('**/api/v1/game/tournament-list', (route) =>
      route.fulfill({ json: { statusCode: 200, data: [], message: 'Success', success: true } }),
    );
    // The auth check is held until the loader has been seen: on a busy machine it could otherwise be
    // answered, and the loader gone, before page.goto returns.
    let answerAuthCheck = () => {};
    const authCheckHeld = new Promise<void>((resolve) => (answerAuthCheck = resolve));
    await page.route('**/api/v1/user/check-auth', async (route) => {
      await authCheckHeld;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('status', { name: 'Loading the app' }).waitFor();
    answerAuthCheck();
    await page.getByRole('heading', { name: 'Tournaments' }).waitFor();
    await page.unroute('**/api/v1/user/check-auth');
    await page.getByText('No tournaments found!').waitFor();
    expect(await page.title()).toBe('Bet, Play, Win');
    await snap(page, 'home-signed-out-empty');
    await page.unroute('**/api/v1/game/tournament-list');
  });

  it('shows the 404 page with the path and a way home', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('/no/such/page').waitFor();
    // Issue 13: each screen names itself (it was the spec's default 'Fun app').
    expect(await page.title()).toBe('Page not found · Bet, Play, Win');
    await page.locator('.brand-title', { hasText: 'Page not found' }).waitFor();
    await snap(page, 'not-found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(/\/home$/);
  });

  it('shows the terms, privacy and contact pages', async () => {
    await page.goto('/terms-conditions');
    await page.getByText('A winning bet pays 1.5 times the stake').waitFor();
    await page.getByText('Bets cannot be changed or cancelled').waitFor();
    await page.getByText('at least 18 years old').waitFor();
    await snap(page, 'terms');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { name: 'Privacy & guidelines' }).waitFor();
    await snap(page, 'privacy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await page.getByText(SUPPORT_EMAIL).waitFor();
    await snap(page, 'contact');
  });

  it('sends an anonymous visitor of a login-required page to login with a redirect', async () => {
    await page.goto('/profile/some-user?tab=bets');
    await page.waitForURL(/\/auth\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${baseUrl}/profile/some-user?tab=bets`);
    // No top bar on auth pages.
    expect(await page.getByRole('banner').count()).toBe(0);
  });

  it('shows the login errors of the spec', async () => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await alertText()).toBe(MSG.emailPasswordRequired);

    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(alertText).toBe(MSG.userNotRegistered);

    await page.getByLabel('Email').fill(verifiedEmail);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(alertText).toBe(MSG.incorrectPassword);
    await snap(page, 'login-error');
  });

  it('sends an unverified login to the verify page, whose Resend starts a 90 s countdown', async () => {
    await page.getByLabel('Email').fill(unverifiedEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/auth\/verify\?id=/);
    await page.getByText(unverifiedEmail).waitFor();
    await page.getByRole('button', { name: 'Resend' }).click();
    const countdown = page.getByRole('button', { name: /^Resend in 1:(30|29)$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    await snap(page, 'verify-resend-countdown');
  });

  it('refuses a verify page without its parameters and a bad link', async () => {
    await page.goto('/auth/verify');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/auth/verify?token=forged&code=123456');
    await page.getByRole('heading', { name: 'Verification failed' }).waitFor();
    await snap(page, 'verify-failed');
  });

  it('checks the registration form and refuses a registered email', async () => {
    await page.goto('/auth/registration');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await alertText()).toBe(MSG.allFieldsRequired);
    await page.getByLabel('Name').fill('Guard Tester');
    await page.getByLabel('Email').fill(verifiedEmail);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await alertText()).toBe(MSG.passwordTooShort);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(alertText).toBe(MSG.userAlreadyRegistered);
    await snap(page, 'registration-error');
  });

  it('returns to the redirect target after login, then keeps a signed-in user off the auth pages', async () => {
    await page.goto('/edit-profile');
    await page.waitForURL(/\/auth\/login\?redirect=/);
    await page.getByLabel('Email').fill(verifiedEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/edit-profile$/);
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();

    await page.goto('/auth/login');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('sends a malformed profile id to the not-found page', async () => {
    await page.goto('/profile/%20bad%20id');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(watched.problems).toEqual([]);
  });
});
