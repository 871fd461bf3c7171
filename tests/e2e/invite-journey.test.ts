// Issue 22, the student from a WhatsApp invite, on a phone (390x844, Asia/Kolkata), in two browsers: the
// invite page names the group and its size before signing up; registering in WhatsApp's browser and
// opening the verification mail in Chrome still lands the student in the group (the invite is kept with
// the registration on the server), welcomed, with a way to the matches; and the check-your-inbox page
// reloaded in WhatsApp's browser says the email is verified and offers to log in.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { extractLink, waitForMail } from '../helpers/mail.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'tapti-password-1';

describe.sequential('the invite journey across two browsers', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let whatsapp: WatchedPage;
  let chrome: WatchedPage;
  let inApp: Page;
  let group: { groupId: string; inviteCode: string };
  const email = uniqueEmail();

  beforeAll(async () => {
    browser = await launchBrowser();
    whatsapp = await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' });
    chrome = await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' });
    inApp = whatsapp.page;
    const [creator, friend] = await Promise.all([verifiedUser(), verifiedUser()]);
    const created = await creator.client.post('/group/create-group', { name: 'Tapti Hostel' });
    expect(created.status).toBe(201);
    group = created.body.data;
    expect((await friend.client.post('/group/join', { inviteCode: group.inviteCode })).status).toBe(200);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('the invite page names the group and counts its members (no member names) before signing up', async () => {
    await inApp.goto(`/join/${group.inviteCode}`);
    await inApp.getByRole('heading', { name: 'Tapti Hostel' }).waitFor();
    await inApp.getByText("You're invited to join").waitFor();
    await inApp.getByText('2 members').waitFor();
    expect(await inApp.getByText('Tester').count()).toBe(0);
    await inApp.getByRole('link', { name: 'Sign up and join' }).waitFor();
    await snap(inApp, 'invite-page');
    expect(await accessibilityProblems(inApp)).toEqual([]);
    expect(await inApp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a link that no longer works says so instead of inviting', async () => {
    const stale = await chrome.context.newPage();
    await stale.goto(`/join/${'A'.repeat(22)}`);
    await stale.getByText('Invite link not valid', { exact: true }).waitFor();
    await stale.getByText('This invite link is not valid any more. Ask the group for a new one').waitFor();
    await stale.getByRole('link', { name: 'See the matches' }).waitFor();
    await snap(stale, 'invite-page-void');
    await stale.close();
  });

  it('signed up in WhatsApp, verified in Chrome: the first login lands in the group with a welcome', async () => {
    await inApp.getByRole('link', { name: 'Sign up and join' }).click();
    await inApp.waitForURL(/\/auth\/registration$/);
    await inApp.getByLabel('Name').fill('Meera Tapti');
    await inApp.getByLabel('Email').fill(email);
    await inApp.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await inApp.getByRole('button', { name: 'Create account' }).click();
    await inApp.waitForURL(/\/auth\/verify\?id=/);
    await inApp.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // The mail opened in Chrome: verified there, not signed in, and told the login joins Tapti Hostel.
    const link = extractLink(await waitForMail(baseUrl, email, (m) => m.html.includes('/auth/verify')), '/auth/verify');
    const page = chrome.page;
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByText(/Log in to join Tapti Hostel/).waitFor();
    await snap(page, 'invite-verified-elsewhere');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/auth\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(new RegExp(`/groups/${group.groupId}$`));
    // The group's first load on a busy machine can take longer than a locator's default.
    await page.getByRole('heading', { name: 'Tapti Hostel' }).waitFor({ timeout: 20_000 });
    await page.getByText('You joined Tapti Hostel').waitFor();
    await page.getByText('3 members').waitFor();
    await page.getByRole('link', { name: /Meera Tapti \(you\)/ }).waitFor();
    await snap(page, 'invite-welcome');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The way to its matches.
    await page.getByRole('link', { name: 'See the matches' }).click();
    await page.waitForURL(/\/events$/);
    expect(chrome.problems).toEqual([]);
  });

  it('the check-your-inbox page, reloaded in WhatsApp after that, says the email is verified and offers to log in', async () => {
    await inApp.reload();
    await inApp.getByRole('heading', { name: 'Email verified' }).waitFor();
    await inApp.getByText(`${email} is verified.`).waitFor();
    expect(await inApp.getByText(/verification link has expired/).count()).toBe(0);
    await snap(inApp, 'verify-page-already-verified');
    expect(await accessibilityProblems(inApp)).toEqual([]);

    // Its login is handed the email, and lands in the group (already joined: the invite kept here agrees).
    await inApp.getByRole('link', { name: 'Log in', exact: true }).click();
    await inApp.waitForURL(/\/auth\/login$/);
    expect(await inApp.getByLabel('Email').inputValue()).toBe(email);
    await inApp.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await inApp.getByRole('button', { name: 'Log in' }).click();
    await inApp.waitForURL(new RegExp(`/groups/${group.groupId}$`));
    await inApp.getByText('3 members').waitFor();
    expect(whatsapp.problems).toEqual([]);
  });
});
