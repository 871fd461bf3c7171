// Correcting a result and downloading the export, clicked through at phone size (issue 14 §4-5): the
// operator opens a decided match in the console, sees until when it can be corrected, picks the right
// winner, and the bettor's bet is settled again; then 'Download CSV' starts the export job, shows 'Preparing…'
// while the worker writes the file, and downloads the tournament's bets once it is ready.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '../../shared/messages.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { coinBet, createEvent, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import { settlementModules, waitFor, waitUntilSettled, walletOf } from '../integration/settlement-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap } from './support.ts';

const baseUrl = inject('baseUrl');

describe.sequential('correcting a result in the console', () => {
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let setup: Awaited<ReturnType<typeof createEvent>> & { bettor: Awaited<ReturnType<typeof verifiedUser>> };

  beforeAll(async () => {
    // A match whose winner was entered wrongly: the bettor backed the other team.
    const operator = await operatorClient();
    const created = await createEvent(operator);
    const bettor = await verifiedUser();
    expect((await bettor.client.post('/bet/create-new', { ...coinBet(created.event, 200), teamId: created.teams[1]._id })).status).toBe(201);
    expect((await operator.post(`/admin/events/${created.event._id}/result`, { winnerTeamId: created.teams[0]._id })).status).toBe(202);
    await waitUntilSettled(created.event._id);
    setup = { ...created, bettor };
    browser = await launchBrowser();
    ({ page, problems } = await openPage(browser, baseUrl));
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const match = () => page.getByRole('article', { name: `${setup.teams[0].teamName} versus ${setup.teams[1].teamName}` });

  it('corrects the winner from the match: the dialog shows the 48-hour deadline, the bettor is paid', async () => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(OPERATOR.email);
    await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/home$/);
    await page.goto(`/operator/events?tournamentId=${setup.tournamentId}`);
    // Decided matches are folded away under the match day's others.
    await page.getByText('Decided (1)').click();
    await match().getByText(`Winner: ${setup.teams[0].teamName}`).waitFor();
    await match().getByRole('button', { name: 'Correct result' }).click();

    const dialog = page.getByRole('dialog', { name: 'Correct the result' });
    await dialog.getByText('You can correct it until').waitFor();
    // The dialog opens at the recorded result (its score or note may be what is corrected), and cannot be sent unchanged.
    expect(await dialog.getByRole('radio', { name: `${setup.teams[0].teamName} won (recorded now)` }).isChecked()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Correct result' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: `${setup.teams[1].teamName} won` }).check();
    await snap(page, 'correct-result-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Correct result' }).click();
    await page.locator('.notistack-SnackbarContainer').getByText(MSG.correctionRecorded).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await match().getByText(`Winner: ${setup.teams[1].teamName}`).waitFor();

    const { events } = await settlementModules();
    await waitFor(() => events.getEvent(setup.event._id, true), (event) => event?.settledGeneration === 1, 30_000);
    expect(await walletOf(setup.bettor.client)).toMatchObject({ totalCoins: 1000 - 200 + 300 });
    await snap(page, 'correct-result-done');
    expect(problems).toEqual([]);
  });

  it('prepares the export in the background, then downloads the tournament as CSV', async () => {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    // The button stays busy, saying so, until the worker has written the file.
    await page.getByRole('button', { name: 'Preparing…' }).waitFor();
    await snap(page, 'export-preparing');
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/-bets\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const bettorName = (await setup.bettor.client.get('/user/current-user')).body.data.userName;
    expect(csv).toContain(`${bettorName},${setup.teams[0].teamName} vs ${setup.teams[1].teamName}`);
    expect(csv).toContain(`${setup.teams[1].teamName},200,won,300`);
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await snap(page, 'export-downloaded');
    expect(problems).toEqual([]);
  });
});
