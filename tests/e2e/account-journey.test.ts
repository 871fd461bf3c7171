// The newcomer's journey of issue 2, clicked through in Chromium as a user would: register, verify from
// the mailbox, use the header and menu, edit the profile (name, cropped avatar, password), log out,
// reset the forgotten password with the mailed OTP, and log in again. Then issue 11's link opened in
// another browser.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '../../shared/messages.ts';
import { extractLink, extractOtp, waitForMail } from '../helpers/mail.ts';
import { accessibilityProblems, jpegSize, launchBrowser, openPage, pickGeneratedPhoto, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const email = uniqueEmail();
const firstPassword = 'first-password-1';
const secondPassword = 'second-password-2';
const thirdPassword = 'third-password-3';

describe.sequential('account journey', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const openAccountMenu = async () => {
    const menuButton = page.getByRole('button', { name: 'Account menu' });
    if ((await menuButton.getAttribute('aria-expanded')) === 'true') return;
    // Toasts on a phone cover the top bar until they hide themselves.
    await expect.poll(() => page.locator('.notistack-SnackbarContainer [role="alert"]').count(), { timeout: 7_000 }).toBe(0);
    // A tap at the button's place: Playwright's own click may first scroll the page, and the menu
    // closes on scroll (spec).
    const box = (await menuButton.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
    // Open, the menu shows its panel once the panel's code is in (preloaded at the press, or when the
    // browser is idle 5 s after the page's start).
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
  };

  it('registers, follows the mailed link from the mailbox and lands home logged in', async () => {
    await page.goto('/auth/registration');
    await snap(page, 'registration');
    await page.getByLabel('Name').fill('Asha Runner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/\/auth\/verify\?id=/);
    await page.getByText('We sent a verification link to').waitFor();
    await snap(page, 'verify-link-sent');

    const mail = await waitForMail(baseUrl, email, (m) => m.html.includes('/auth/verify'));
    const link = extractLink(mail, '/auth/verify');
    // After the whole suite's mail the view is long: give its load more than the default 8 s.
    await page.goto('/_local/mail/view', { timeout: 25_000 });
    const mailFrame = page.locator('article', { hasText: email }).first().locator('iframe').contentFrame();
    await mailFrame.locator(`a[href="${link}"]`).first().click();

    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.title()).toBe('Bet, Play, Win');
    await page.getByRole('link', { name: /^Wallet: 1,000 coins$/ }).waitFor();
    await snap(page, 'home-signed-in');
  }, 60_000);

  it('shows the header: wallet button, bell and the avatar menu with its links', async () => {
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await page.waitForURL(/\/notification$/);
    await page.getByRole('link', { name: /^Wallet:/ }).click();
    await page.waitForURL(/\/wallet$/);

    await openAccountMenu();
    for (const name of ['Asha Runner', 'Events', 'Leaderboard', 'Withdraw money', 'Privacy & guidelines', 'Terms & conditions']) {
      await expect(page.getByRole('link', { name: new RegExp(name) }).count()).resolves.toBeGreaterThan(0);
    }
    await page.getByRole('button', { name: 'Log out', exact: true }).waitFor();
    await page.getByText('Security').waitFor();
    await snap(page, 'account-menu');
  });

  it('toggles Light and Dark UI and remembers the choice', async () => {
    await page.getByRole('button', { name: 'Light UI' }).click();
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['light', 'light']);
    await snap(page, 'account-menu-light');
    await page.reload();
    await page.getByRole('link', { name: /^Wallet:/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByText('Available coins').waitFor();
    await snap(page, 'wallet-light');

    await openAccountMenu();
    await page.getByRole('button', { name: 'Dark UI' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // An outside click closes the menu (after its closing animation).
    await page.mouse.click(20, 400);
    await page.getByRole('button', { name: 'Dark UI' }).waitFor({ state: 'detached' });
  });

  it('opens the own profile with no bets yet', async () => {
    await openAccountMenu();
    await page.getByRole('link', { name: /Asha Runner/ }).click();
    await page.waitForURL(/\/profile\/[^/]+$/);
    await page.getByRole('heading', { name: 'Asha Runner' }).waitFor();
    await page.getByText('No bets found').waitFor();
    await page.getByRole('link', { name: 'View wallet' }).waitFor();
    await snap(page, 'profile');
  });

  it('edits the name, crops and uploads an avatar, and changes the password', async () => {
    await page.getByRole('link', { name: 'Edit profile' }).first().click();
    await page.waitForURL(/\/edit-profile$/);
    await page.getByLabel('User name').fill('Asha Sprinter');

    await pickGeneratedPhoto(page, 900, 600);
    await page.getByRole('dialog', { name: 'Crop your avatar' }).waitFor();
    await snap(page, 'avatar-crop-dialog');
    await page.getByRole('button', { name: 'Crop & Continue' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByLabel('Old password', { exact: true }).fill(firstPassword);
    await page.getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.getByRole('button', { name: 'Show new password' }).click();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('type')).toBe('text');
    await snap(page, 'edit-profile');

    await page.getByRole('button', { name: 'Save changes' }).click();
    // The name's and avatar's toasts come first and are short: wait for them before the (slower) password's.
    await page.getByText(MSG.profileUpdated).first().waitFor();
    // Checking and hashing the passwords took over 5 s on a busy CI machine.
    await page.getByText(MSG.passwordUpdated).waitFor({ timeout: 20_000 });
    await snap(page, 'edit-profile-saved');

    // The header shows the new name and the uploaded avatar: the square cropped JPEG, at most 512x512.
    await openAccountMenu();
    await page.getByRole('link', { name: /Asha Sprinter/ }).waitFor();
    const avatarSrc = await page.locator('.menu-profile img').getAttribute('src');
    expect(avatarSrc).toContain('avatars/');
    const avatar = await page.request.get(avatarSrc!);
    expect(avatar.ok()).toBe(true);
    const size = jpegSize(await avatar.body());
    expect(size.width).toBe(size.height);
    expect(size.width).toBeLessThanOrEqual(512);
    await page.keyboard.press('Escape');
  });

  it('asks for an image when the file picked is not one, and opens no crop dialog', async () => {
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText(MSG.avatarRequired).waitFor();
    expect(await page.getByRole('dialog', { name: 'Crop your avatar' }).count()).toBe(0);
  });

  it('refuses a wrong current password', async () => {
    await page.getByLabel('Old password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(thirdPassword);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.incorrectPassword).waitFor();
  });

  it('refuses a user name with an invisible character before sending it', async () => {
    await page.getByLabel('Old password', { exact: true }).fill('');
    await page.getByLabel('New password', { exact: true }).fill('');
    await page.getByLabel('User name').fill('Asha\u200BSprinter');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.userNameHiddenCharacters).waitFor();
    await snap(page, 'edit-profile-hidden-characters');
  });

  it('logs out from the menu', async () => {
    await openAccountMenu();
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await snap(page, 'home-signed-out');
    await openAccountMenu();
    // Issue 13: the header's 'Sign in' is the only one; the menu does not offer it again.
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    await expect(page.getByRole('link', { name: 'Sign in' }).count()).resolves.toBe(1);
    await snap(page, 'account-menu-signed-out');
    await page.keyboard.press('Escape');
  });

  it('resets the forgotten password with the mailed OTP', async () => {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/auth\/reset-password$/);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(MSG.emailRequired).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enter the code' });
    await dialog.waitFor();
    const [local, domain] = email.split('@');
    await dialog.getByText(`${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}@${domain}`).waitFor();
    await snap(page, 'reset-otp-dialog');

    const otp = extractOtp(await waitForMail(baseUrl, email, (m) => m.subject.includes('reset')));
    // Focus moves on by itself; a backspace on an empty box goes back to the previous one.
    await page.keyboard.type(otp.slice(0, 2));
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Digit 3 of 4');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Digit 2 of 4');
    await page.keyboard.type(otp.slice(1));

    // Auto-submitted: the dialog closes and the new-password step shows.
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await page.getByLabel('New password', { exact: true }).fill(thirdPassword);
    await snap(page, 'reset-new-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    // Issue 13: the reset signs in and goes home.
    await page.waitForURL(/\/home$/);
    await page.getByText(MSG.passwordUpdated).waitFor();
    await page.getByRole('link', { name: /^Wallet: 1,000 coins$/ }).waitFor();
  });

  it('logs in again with the new password', async () => {
    await openAccountMenu();
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(thirdPassword);
    await snap(page, 'login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('link', { name: /^Wallet: 1,000 coins$/ }).waitFor();
    expect(watched.problems).toEqual([]);
  });
});

// Issue 11: the mailed link signs in only the browser that registered; opened anywhere else it verifies
// and asks to log in. The registration form refuses names that show nothing or hide characters.
describe.sequential('a verification link opened in another browser', () => {
  let browser: Browser;
  let registering: WatchedPage;
  let other: WatchedPage;
  const otherEmail = uniqueEmail();

  beforeAll(async () => {
    browser = await launchBrowser();
    registering = await openPage(browser, baseUrl);
    other = await openPage(browser, baseUrl);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('refuses a user name with invisible characters, or one that shows nothing, in the form', async () => {
    const page = registering.page;
    await page.goto('/auth/registration');
    await page.getByLabel('Email').fill(otherEmail);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Name').fill('As\u200Bha');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(MSG.userNameHiddenCharacters).waitFor();
    await snap(page, 'registration-hidden-characters');
    await page.getByLabel('Name').fill('\u2800\u2800\u2800');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(MSG.userNameNotVisible).waitFor();
    expect(page.url()).toMatch(/\/auth\/registration$/);
  });

  it('verifies in the other browser, says so and offers Log in and Reset password', async () => {
    const page = registering.page;
    await page.getByLabel('Name').fill('Meera Far');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/auth\/verify\?id=/);
    await page.getByText('Open it in this browser to be signed in at once').waitFor();

    const link = extractLink(await waitForMail(baseUrl, otherEmail, (m) => m.html.includes('/auth/verify')), '/auth/verify');
    await other.page.goto(link);
    await other.page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await other.page.getByRole('link', { name: 'Reset password' }).waitFor();
    await snap(other.page, 'verify-verified-log-in');
    expect(await accessibilityProblems(other.page)).toEqual([]);

    // Not signed in there: the anonymous-only login page opens, and logging in with the password works.
    await other.page.getByRole('link', { name: 'Log in' }).click();
    await other.page.waitForURL(/\/auth\/login$/);
    await other.page.getByLabel('Email').fill(otherEmail);
    await other.page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await other.page.getByRole('button', { name: 'Log in' }).click();
    await other.page.waitForURL(/\/home$/);
    await other.page.getByRole('link', { name: /^Wallet: 1,000 coins$/ }).waitFor();
    expect([...registering.problems, ...other.problems]).toEqual([]);
  });
});
