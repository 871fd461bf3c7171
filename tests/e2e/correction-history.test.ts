// Issue 19 §1-2 in Chromium: a bettor whose win was corrected against them after they spent it, then to
// void, then back, reads it all in the wallet's coin history: the house's write-off, its repayment as
// its own row, each balance as it was applied (never below zero), and 500 coins at the end, what the
// first result alone gave them.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEvent, operatorClient } from '../integration/game-flows.ts';
import { settlementModules, waitFor, waitUntilSettled } from '../integration/settlement-flows.ts';
import { launchBrowser, openPage, registerThroughApi, snap, uniqueEmail } from './support.ts';

const baseUrl = inject('baseUrl');

describe('a corrected win in the coin history', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' })).page;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the write-off and its repayment as rows, no balance below zero, and 500 coins at the end', { timeout: 240_000 }, async () => {
    const operator = await operatorClient();
    const { event, teams } = await createEvent(operator);
    const { event: other } = await createEvent(operator);
    await registerThroughApi(page, baseUrl, { userName: 'Corrected Bettor', email: uniqueEmail(), password: 'corrected-password-1' });
    const bet = (eventId: string, teamId: string) => page.request.post('/api/v1/bet/create-new', { data: { eventId, teamId, betWay: 'coin', amount: 1000 } });
    expect((await bet(event._id, teams[0]._id)).status()).toBe(201);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitUntilSettled(event._id);
    expect((await bet(other._id, other.teamIds[0]!)).status()).toBe(201);

    const { events } = await settlementModules();
    const outcomes = [{ winnerTeamId: teams[1]._id }, { void: true }, { winnerTeamId: teams[0]._id }];
    for (const [index, outcome] of outcomes.entries()) {
      expect((await operator.post(`/admin/events/${event._id}/correct-result`, outcome)).status).toBe(202);
      await waitFor(() => events.getEvent(event._id, true), (e) => e?.settledGeneration === index + 1);
    }

    await page.goto('/wallet');
    const table = page.getByRole('region', { name: 'Coin history' }).getByRole('table', { name: 'Coin history, newest first' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    // Newest first: the last correction, the repayment after the credit it came from, the write-off before the debit it covered.
    const labels = await rows.locator('.ledger-what').allTextContents();
    expect(labels.slice(0, 6)).toEqual(['Result corrected', 'Write-off repaid', 'Result corrected', 'Result corrected', 'Written off', 'Bet placed']);
    const balances = (await rows.locator('td.ledger-amount:last-child > span:first-child').allTextContents()).map((text) => Number(text.replace(/,/g, '')));
    expect(balances[0]).toBe(500);
    expect(balances.filter((coins) => coins < 0)).toEqual([]);
    await snap(page, 'wallet-corrected-history');
  });
});
