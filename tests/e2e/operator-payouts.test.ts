// The operator paying and crediting (issue 22 §13-§15), clicked through in Chromium at 390x844 and on a
// laptop: every console tab in sight on a phone with the pending withdrawals counted, the operator told of
// a new request in their inbox; a withdrawal paid from the UPI app link (its QR code on a laptop, the UPI id
// and amount copied) and marked paid with its UTR, asked for by that name; a prize credit confirmed with
// who and how much before it is sent, and a prize credited by mistake reversed from the person's page.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '../../shared/messages.ts';
import { OPERATOR } from '../integration/game-flows.ts';
import { accessibilityProblems, DESKTOP, launchBrowser, logInThroughForm, openPage, PHONE, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const student = { userName: `Ananya Rao ${suffix}`, email: uniqueEmail(), password: 'password-123' };
const UPI_ID = `ananya.${suffix.toLowerCase()}@okaxis`;

/** The number on the Withdrawals tab (0 when it shows none, or before the console has counted). */
async function pendingCount(page: Page): Promise<number> {
  const badge = page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: /^Withdrawals/ }).locator('.tab-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** How many requests wait to be paid, as the server counts them (earlier files leave some pending). */
async function pendingOnServer(page: Page): Promise<number> {
  const listed = await page.request.get('/api/v1/admin/withdrawals?status=pending');
  expect(listed.status()).toBe(200);
  return ((await listed.json()) as { data: unknown[] }).data.length;
}

describe.sequential('the operator pays a withdrawal and credits a prize', () => {
  let browser: Browser;
  let operator: WatchedPage;
  let studentPage: WatchedPage;
  let studentId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    [operator, studentPage] = await Promise.all([openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' }), openPage(browser, baseUrl)]);
    await registerThroughApi(studentPage.page, baseUrl, student);
    studentId = (await (await studentPage.page.request.get('/api/v1/user/current-user')).json()).data._id;
    await logInThroughForm(operator.page, OPERATOR);
    await operator.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const credited = await operator.page.request.post(`/api/v1/admin/users/${studentId}/credit`, { data: { cash: 800, reason: 'Quiz night winner' } });
    expect(credited.status()).toBe(200);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('shows every console tab on a phone, counts the pending withdrawals and tells the operator of a new one', async () => {
    const { page } = operator;
    await page.goto('/operator/tournaments');
    await page.getByRole('heading', { name: 'Tournaments', level: 1 }).waitFor();
    // Read from the server: the tab's badge may not have counted yet, and would read 0.
    const before = await pendingOnServer(page);
    await expect.poll(() => pendingCount(page), { timeout: 10_000 }).toBe(before);

    const requested = await studentPage.page.request.post('/api/v1/wallet/create-withdraw', { data: { amount: 500, upiId: UPI_ID } });
    expect(requested.status()).toBe(201);
    // The inbox: a notice naming who asks for how much.
    await page.goto('/notification');
    await page.getByText(`${student.userName} asks for ₹500 to ${UPI_ID}`, { exact: false }).waitFor();
    await page.getByText(MSG.withdrawalRequestedSubject).first().waitFor();

    await page.goto('/operator/tournaments');
    await expect.poll(() => pendingCount(page), { timeout: 10_000 }).toBe(before + 1);
    const tabs = page.getByRole('navigation', { name: 'Operator console' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Tournaments', 'Teams', 'Fixtures', 'Events', 'Users', `Withdrawals, ${before + 1} pending${before + 1}`]);
    // Every tab wholly in sight at 390 px: none behind an arrow.
    for (const box of await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole('link', { name: new RegExp(`^Withdrawals\\W+${before + 1} pending$`) }).waitFor();
    await snap(page, 'operator-console-tabs');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('pays from the UPI app link (a QR code on a laptop), copies the UPI id and amount, and asks for the UTR by name', async () => {
    const { page } = operator;
    await page.getByRole('link', { name: /^Withdrawals/ }).click();
    await page.waitForURL(/status=pending$/);
    const request = page.getByRole('listitem').filter({ hasText: UPI_ID });
    const payLink = request.getByRole('link', { name: 'Pay in UPI app' });
    const href = new URL((await payLink.getAttribute('href'))!);
    expect(href.protocol).toBe('upi:');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ pa: UPI_ID, pn: student.userName, am: '500.00', cu: 'INR' });
    expect(href.searchParams.get('tn')).toMatch(/^Bet Play Win withdrawal [0-9a-f]{8}$/);

    await request.getByRole('button', { name: `Copy UPI id ${UPI_ID}` }).click();
    await page.getByText('UPI id copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(UPI_ID);
    await request.getByRole('button', { name: 'Copy amount ₹500' }).click();
    await page.getByText('Amount copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('500.00');
    // No QR code on a phone: the link opens the app on the same device.
    expect(await request.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await snap(page, 'operator-withdrawal-pay-phone');

    await page.setViewportSize(DESKTOP);
    const qr = request.getByRole('img', { name: `QR code to pay ₹500 to ${UPI_ID}` });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: 'tests/screenshots/operator-withdrawal-pay-qr-desktop.png', timeout: 30_000, animations: 'disabled' });
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize(PHONE);

    const before = await pendingOnServer(page);
    await expect.poll(() => pendingCount(page), { timeout: 10_000 }).toBe(before);
    await request.getByRole('button', { name: `Mark ${student.userName}'s withdrawal paid` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as paid' });
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.getByText(MSG.referenceRequired).waitFor();
    expect(await dialog.getByText('A payment reference of at most 100 characters is required').count()).toBe(0);
    await snap(page, 'operator-withdrawal-utr-missing');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByLabel('UPI transaction reference (UTR)').fill('412345678901');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Marked paid').waitFor();
    await expect.poll(() => pendingCount(page), { timeout: 10_000 }).toBe(before - 1);
    const history = (await (await studentPage.page.request.get('/api/v1/wallet/withdraw-history')).json()).data as { status: string }[];
    expect(history[0].status).toBe('paid');
    expect(operator.problems).toEqual([]);
  });

  it('repeats who and how much before a prize is credited', async () => {
    const { page } = operator;
    await page.goto('/operator/users');
    await page.getByLabel('Email or name').fill(student.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Credit a prize to ${student.userName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit a prize' });
    await dialog.getByRole('button', { name: 'Credit prize' }).click();
    await dialog.getByText(MSG.creditAmountRequired).waitFor(); // nothing sent yet: the amount is missing
    await dialog.getByLabel('Rupees').fill('500');
    await dialog.getByLabel('Reason').fill('Campus Sixes Cup winner');
    await dialog.getByRole('button', { name: 'Credit prize' }).click();
    await dialog.getByText(`Credit ₹500 to ${student.userName}?`).waitFor();
    await snap(page, 'operator-credit-confirm');
    expect(await accessibilityProblems(page)).toEqual([]);
    // Back keeps what was typed; nothing was credited.
    await dialog.getByRole('button', { name: 'Back' }).click();
    expect(await dialog.getByLabel('Rupees').inputValue()).toBe('500');
    const wallet = async () => (await (await studentPage.page.request.get('/api/v1/wallet/get-wallet')).json()).data.totalCash as number;
    expect(await wallet()).toBe(300);
    await dialog.getByLabel('Coins').fill('100');
    await dialog.getByRole('button', { name: 'Credit prize' }).click();
    await dialog.getByText(`Credit ₹500 and 100 coins to ${student.userName}?`).waitFor();
    await dialog.getByRole('button', { name: 'Yes, credit ₹500 and 100 coins' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Prize credited to ${student.userName}`).waitFor();
    expect(await wallet()).toBe(800);
    expect(operator.problems).toEqual([]);
  });

  it('reverses a prize credited by mistake from the person page: what was withdrawn is owed, not taken below zero', async () => {
    const { page } = operator;
    // ₹300 of the first ₹800 prize was paid out above: the student holds ₹800 (₹300 + ₹500 just credited).
    const spent = await studentPage.page.request.post('/api/v1/wallet/create-withdraw', { data: { amount: 500, upiId: UPI_ID } });
    expect(spent.status()).toBe(201);
    await page.goto(`/operator/users/${studentId}`);
    const prizes = page.getByRole('region', { name: 'Prizes' });
    await prizes.getByRole('button', { name: 'Reverse the prize of Quiz night winner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse this prize?' });
    await dialog.getByText(`Take back ₹800 credited to ${student.userName} (Quiz night winner).`, { exact: false }).waitFor();
    await dialog.getByLabel('Why is it reversed?').fill('Credited to the wrong student');
    await snap(page, 'operator-reverse-prize');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reverse prize' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Prize reversed. ${student.userName} had already used ₹500; their next prize pays it back first`).waitFor();
    await prizes.getByText('Reversed').waitFor();
    expect(await prizes.getByRole('button', { name: 'Reverse the prize of Quiz night winner' }).count()).toBe(0);
    const wallet = (await (await studentPage.page.request.get('/api/v1/wallet/get-wallet')).json()).data as { totalCash: number };
    expect(wallet.totalCash).toBe(0);
    expect(operator.problems).toEqual([]);
  });
});
