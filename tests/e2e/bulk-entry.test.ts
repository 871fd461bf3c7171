// Bulk entry (issue 21 §3), clicked through in Chromium at 390x844 on an organiser's phone set to India's
// time: 8 teams pasted on the Teams screen, a bad line marked and Save held back until it is fixed, the
// roster then listing the 8; fixtures uploaded as a CSV on the matches screen, previewed with their
// times in IST, saved, and listed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import type { AdminTournament, GameEvent } from '../../shared/api.ts';
import { MSG } from '../../shared/messages.ts';
import { createTournament, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const secretary = { userName: `Sports Sec ${suffix}`, email: uniqueEmail(), password: 'password-123' };
const hostels = ['Tapti', 'Narmada', 'Godavari', 'Kaveri', 'Yamuna', 'Ganga', 'Krishna', 'Mahanadi'].map((name) => `${name} ${suffix}`);
const teamLines = hostels.map((name, index) => `${name}: Asha ${index}, Ravi ${index}, Meera ${index}`);

describe.sequential('an organiser pastes teams and uploads fixtures', () => {
  let browser: Browser;
  let secretaryPage: WatchedPage;
  let tournament: AdminTournament;

  beforeAll(async () => {
    const operator = await operatorClient();
    tournament = await createTournament(operator, `Inter-hostel Cup ${suffix}`);
    browser = await launchBrowser();
    secretaryPage = await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' });
    await registerThroughApi(secretaryPage.page, baseUrl, secretary);
    const added = await operator.post(`/admin/tournaments/${tournament._id}/organisers`, { email: secretary.email });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  const card = (title: string): Locator => secretaryPage.page.locator('section.card', { has: secretaryPage.page.getByRole('heading', { name: title }) });

  it('marks a bad line and holds Save back until it is fixed, then adds the 8 teams and lists them', async () => {
    const { page } = secretaryPage;
    await page.goto('/operator/teams');
    // The secretary's one tournament: the screen works inside it and says so.
    await page.getByRole('heading', { level: 1, name: `Teams · ${tournament.title}` }).waitFor();
    const paste = card('Paste teams');
    const broken = [...teamLines.slice(0, 2), ': Kiran, Dev', ...teamLines.slice(2), `${hostels[0].toUpperCase()}: Someone`];
    await paste.getByLabel('Teams, one a line').fill(broken.join('\n'));
    const preview = paste.getByRole('table');
    await preview.getByRole('row', { name: /^3 : Kiran, Dev Team name is missing$/ }).waitFor();
    await preview.getByRole('row', { name: new RegExp(`^10 ${hostels[0].toUpperCase()}: Someone Same team as line 1$`) }).waitFor();
    await paste.getByRole('status').getByText('8 teams to add · 2 lines to fix').waitFor();
    const save = paste.getByRole('button', { name: 'Add 8 teams' });
    expect(await save.isDisabled()).toBe(true);
    await save.scrollIntoViewIfNeeded();
    await snap(page, 'bulk-teams-problem');
    expect(await accessibilityProblems(page)).toEqual([]);

    await paste.getByLabel('Teams, one a line').fill(teamLines.join('\n'));
    await paste.getByRole('status').getByText('8 teams to add').waitFor();
    expect(await preview.getByRole('row').count()).toBe(9); // the header and 8 teams
    expect(await preview.getByText('New', { exact: true }).count()).toBe(8);
    await save.click();
    await page.getByText(MSG.bulkTeamsAdded(8, 0)).waitFor();
    await page.getByText('8 teams added, 0 already there').waitFor();
    expect(await paste.getByLabel('Teams, one a line').inputValue()).toBe('');
    const roster = page.locator('section.card', { has: page.getByRole('heading', { name: 'Teams', exact: true }) });
    for (const name of hostels) await roster.getByText(name, { exact: true }).waitFor();
    await roster.getByText('Asha 0, Ravi 0, Meera 0').waitFor();
    await roster.scrollIntoViewIfNeeded();
    await snap(page, 'bulk-teams-saved');

    // The same lines again: all there already, nothing to add.
    await paste.getByLabel('Teams, one a line').fill(teamLines.join('\n'));
    await paste.getByRole('status').getByText('0 teams to add · 8 already there').waitFor();
    expect(await paste.getByRole('button', { name: 'Add teams' }).isDisabled()).toBe(true);
    await paste.getByRole('table').scrollIntoViewIfNeeded();
    await snap(page, 'bulk-teams-again');
    expect(secretaryPage.problems).toEqual([]);
  });

  it('uploads fixtures as CSV: an unknown team is marked, the fixed file is saved in IST and listed', async () => {
    const { page } = secretaryPage;
    await page.goto('/operator/events');
    await page.waitForURL(/tournamentId=/);
    const paste = card('Paste fixtures');
    const [tapti, narmada, godavari, kaveri, yamuna, ganga] = hostels;
    const rows = [
      ['2031-03-01', '18:30', tapti, narmada, 'North Ground'],
      ['2031-03-01', '20:00', godavari, kaveri, ''],
      ['02/03/2031', '6:30 pm', yamuna, ganga, '"Ground 2, South Campus"'],
      ['2031-03-03', '09:00', tapti, godavari, ''],
    ];
    const csv = (lines: string[][]) => ['Date,Time,Home,Away,Venue', ...lines.map((cells) => cells.join(','))].join('\r\n');
    const upload = (name: string, text: string) => paste.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

    await upload('fixtures.csv', csv([...rows, ['2031-03-03', '11:00', kaveri, 'Sabarmati', '']]));
    await paste.getByText('Read as CSV from fixtures.csv.').waitFor();
    const preview = paste.getByRole('table');
    await preview.getByRole('row', { name: /^6 .* Unknown team "Sabarmati"$/ }).waitFor();
    await preview.getByRole('row', { name: new RegExp(`^2 ${tapti} v ${narmada} 1 Mar 2031, 18:30 IST · North Ground New$`) }).waitFor();
    await preview.getByRole('row', { name: new RegExp(`^4 ${yamuna} v ${ganga} 2 Mar 2031, 18:30 IST · Ground 2, South Campus New$`) }).waitFor();
    expect(await paste.getByRole('button', { name: 'Add 4 matches' }).isDisabled()).toBe(true);
    await preview.scrollIntoViewIfNeeded();
    await snap(page, 'bulk-fixtures-problem');
    expect(await accessibilityProblems(page)).toEqual([]);

    await upload('fixtures-fixed.csv', csv(rows));
    await paste.getByText('Read as CSV from fixtures-fixed.csv.').waitFor();
    await paste.getByRole('status').getByText('4 matches to add').waitFor();
    await paste.getByRole('button', { name: 'Add 4 matches' }).click();
    await page.getByText('4 matches added, 0 already there').waitFor();
    const matches = page.locator('section.card', { has: page.getByRole('heading', { name: 'Matches', exact: true }) });
    for (const [, , home, away] of rows) await matches.getByText(`${home} vs ${away}`).waitFor();
    await matches.scrollIntoViewIfNeeded();
    await snap(page, 'bulk-fixtures-saved');

    // Saved as the instants India's clock named, with their venues, open for bets.
    const listed = await page.request.get(`/api/v1/game/event-list?tournamentId=${tournament._id}`);
    const events = ((await listed.json()) as { data: GameEvent[] }).data;
    expect(events.map((event) => [event.time, event.teams.map((team) => team.teamName).join(' v '), event.venue ?? null, event.isBetActive])).toEqual([
      ['2031-03-01T13:00:00.000Z', `${tapti} v ${narmada}`, 'North Ground', true],
      ['2031-03-01T14:30:00.000Z', `${godavari} v ${kaveri}`, null, true],
      ['2031-03-02T13:00:00.000Z', `${yamuna} v ${ganga}`, 'Ground 2, South Campus', true],
      ['2031-03-03T03:30:00.000Z', `${tapti} v ${godavari}`, null, true],
    ]);
    // The same file again adds nothing.
    await upload('fixtures-fixed.csv', csv(rows));
    await paste.getByRole('status').getByText('0 matches to add · 4 already there').waitFor();
    expect(secretaryPage.problems).toEqual([]);
  });
});
