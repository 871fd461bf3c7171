// The guided setup on a phone and the console's tables and Fixtures screen on a laptop, clicked through in
// Chromium. The numbers: a new organiser (allowed by an operator) creates a tournament, pastes 12 teams
// best first as a WhatsApp list (numbered and bulleted), picks a knockout with the default calendar and
// publishes it in at most 10 taps and 4 typed or pasted fields on a 390x844 phone, the byes on the first
// four teams pasted; every tap and every fill goes through one counter, and the totals are logged and asserted.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TournamentShape } from '../../shared/api.ts';
import { MSG } from '../../shared/messages.ts';
import { newClient } from '../integration/accounts-flows.ts';
import { operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, DESKTOP, launchBrowser, openPage, PHONE, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const secretary = { userName: `Sports Sec ${suffix}`, email: uniqueEmail(), password: 'password-123' };
const title = `Hostel Premier League ${suffix}`;
const HOSTELS = ['Tapti', 'Narmada', 'Kaveri', 'Godavari', 'Krishna', 'Yamuna', 'Ganga', 'Sabarmati', 'Chenab', 'Sutlej', 'Brahmaputra', 'Mahanadi'];
/** Best first, as a WhatsApp message lists them: numbered, then bulleted. */
const marker = (i: number) => (i < 4 ? `${i + 1}. ` : i < 8 ? `${i + 1}) ` : '- ');
const teamLines = HOSTELS.map((hostel, i) => `${marker(i)}${hostel} ${suffix}: Player ${i}A, Player ${i}B`).join('\n');

/** Every tap and every typed or pasted field of the organiser, counted and logged. */
function counter(page: Page) {
  const counts = { taps: 0, fields: 0 };
  const steps: string[] = [];
  return {
    counts,
    steps,
    tap: async (target: Locator, what: string) => {
      counts.taps++;
      steps.push(`tap ${counts.taps}: ${what}`);
      await target.click();
    },
    type: async (target: Locator, text: string, what: string) => {
      counts.fields++;
      steps.push(`field ${counts.fields}: ${what}`);
      await target.fill(text);
    },
    page,
  };
}

describe.sequential('an organiser sets up a tournament on a phone, and runs it from a laptop', () => {
  let browser: Browser;
  let watched: WatchedPage;
  let tournamentId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    // An organiser in India: the daily start times are typed and shown in IST.
    watched = await openPage(browser, baseUrl, { timezoneId: 'Asia/Kolkata' });
    await registerThroughApi(watched.page, baseUrl, secretary);
    const me = (await (await watched.page.request.get('/api/v1/user/current-user')).json()).data as { _id: string };
    const operator = await operatorClient();
    const allowed = await operator.put(`/admin/users/${me._id}/tournament-creator`, { allowed: true });
    expect(allowed.status).toBe(200);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('creates, fills and publishes a 12-team knockout seeded as pasted in at most 10 taps and 4 fields', { timeout: 180_000 }, async () => {
    const { page } = watched;
    const user = counter(page);
    await page.goto('/home');

    await user.tap(page.getByRole('button', { name: 'Account menu' }), 'Account menu');
    await user.tap(page.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Organiser console' }), 'Organiser console');
    await page.waitForURL(/\/operator\/tournaments$/);
    await user.tap(page.getByRole('link', { name: 'Start guided setup' }), 'Start guided setup');
    await page.waitForURL(/\/operator\/setup$/);

    // 1 Tournament
    await page.getByRole('list', { name: 'Step 1 of 5' }).waitFor();
    await user.type(page.getByLabel('Title'), title, 'the title');
    await snap(page, 'setup-1-tournament');
    expect(await accessibilityProblems(page)).toEqual([]);
    await user.tap(page.getByRole('button', { name: 'Create and go on' }), 'Create and go on');

    // 2 Teams: pasted with their members, previewed line by line.
    await page.getByRole('heading', { name: /Add the teams/ }).waitFor();
    tournamentId = new URL(page.url()).searchParams.get('tournamentId')!;
    await user.type(page.getByLabel('Teams, one a line'), teamLines, '12 teams with members, pasted best first');
    await page.getByText('12 teams to add').scrollIntoViewIfNeeded();
    await snap(page, 'setup-2-teams');
    expect(await accessibilityProblems(page)).toEqual([]);
    await user.tap(page.getByRole('button', { name: 'Add 12 teams' }), 'Add 12 teams');

    // 3 Format: the seeding shown open, in the order pasted.
    await page.getByRole('heading', { name: /Choose the format/ }).waitFor();
    await page.getByText(MSG.bulkTeamsAdded(12, 0)).waitFor();
    await user.tap(page.getByRole('radio', { name: /^Knockout/ }), 'Knockout');
    await page.getByRole('heading', { name: 'Seeding: 12 of 12 teams play' }).waitFor();
    await page.getByText(/In the order you pasted them, best first/).waitFor();
    const seeds = page.locator('.seed-name');
    // The list's numbering and bullets are not part of the names.
    expect(await seeds.allTextContents()).toEqual(HOSTELS.map((hostel) => `${hostel} ${suffix}`));
    await snap(page, 'setup-3-format');
    expect(await accessibilityProblems(page)).toEqual([]);
    await user.tap(page.getByRole('button', { name: 'Next' }), 'Next');

    // 4 Fixtures: the defaults (tomorrow, 18:00 and 20:00, 90 minutes between).
    await page.getByRole('heading', { name: /Lay out the fixtures/ }).waitFor();
    await page.getByText(/^11 matches over/).waitFor();
    await page.getByText(/Round of 16 · Match \d+ \(R1-M\d+\)/).first().waitFor();
    await snap(page, 'setup-4-fixtures');
    expect(await accessibilityProblems(page)).toEqual([]);
    await user.tap(page.getByRole('button', { name: 'Next' }), 'Next');

    // 5 Publish
    await page.getByRole('heading', { name: /Publish/ }).waitFor();
    await snap(page, 'setup-5-publish');
    expect(await accessibilityProblems(page)).toEqual([]);
    await user.tap(page.getByRole('button', { name: 'Publish 11 matches' }), 'Publish 11 matches');

    // The tournament's matches, listed in the console with their names.
    await page.waitForURL(/\/operator\/events\?tournamentId=/);
    await page.getByText(MSG.fixturesPublished(11)).waitFor();
    await page.getByText(/^Round of 16 · Match \d+ \(R1-M\d+\)/).first().waitFor();
    await page.getByRole('heading', { name: 'Matches' }).scrollIntoViewIfNeeded();
    await snap(page, 'setup-published-matches');

    console.log(`Guided setup: ${user.counts.taps} taps, ${user.counts.fields} typed or pasted fields\n${user.steps.join('\n')}`);
    expect(user.counts.taps).toBeLessThanOrEqual(10);
    expect(user.counts.fields).toBeLessThanOrEqual(4);

    // The byes went to the first four teams pasted: they wait in the quarter-finals; the seeding is published.
    const shape = (await newClient().get(`/game/tournament-shape?tournamentId=${tournamentId}`)).body.data as TournamentShape;
    const quarterFinalists = shape.bracket!.rounds[1].matches.flatMap((match) => ['home', 'away'].flatMap((side) => { const slot = match[side as 'home' | 'away']; return 'team' in slot ? [slot.team.teamName] : []; }));
    expect(quarterFinalists.sort()).toEqual(HOSTELS.slice(0, 4).map((hostel) => `${hostel} ${suffix}`).sort());
    expect(shape.seeds.map((team) => team.teamName)).toEqual(HOSTELS.map((hostel) => `${hostel} ${suffix}`));
    expect(watched.problems).toEqual([]);
  });

  it('on a laptop, the Teams screen is a table edited in place', { timeout: 60_000 }, async () => {
    const { page } = watched;
    await page.setViewportSize(DESKTOP);

    await page.goto('/operator/teams');
    const table = page.getByRole('table', { name: 'Teams' });
    const row = table.getByRole('row', { name: new RegExp(`Tapti ${suffix}`) });
    await row.getByRole('button', { name: `Edit Tapti ${suffix}` }).click();
    await table.getByLabel(`Rank of Tapti ${suffix}`).fill('1');
    await table.getByLabel(`Members of Tapti ${suffix}`).fill('Asha, Ravi');
    // snap() would pass through the phone's width, where the list replaces the table and the edit.
    await page.screenshot({ path: 'tests/screenshots/laptop-teams-table-editing-desktop.png', timeout: 30_000, animations: 'disabled' });
    await table.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Team saved').waitFor();
    await row.getByRole('cell', { name: 'Asha, Ravi' }).waitFor();
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await snap(page, 'laptop-teams-table');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(watched.problems).toEqual([]);
  });

  it('on a laptop, the Fixtures screen plans a knockout: adjusted, a clash listed and undone, published with venues', { timeout: 120_000 }, async () => {
    const { page } = watched;
    // A second tournament with 6 teams, made through the API.
    const created = await page.request.post('/api/v1/admin/tournaments', { data: { title: `Inter-hostel Cup ${suffix}` } });
    const cupId = (await created.json()).data._id as string;
    const teams = HOSTELS.slice(0, 6).map((hostel, rank) => ({ teamName: `${hostel} Cup ${suffix}`, members: [`Captain ${rank}`] }));
    expect((await page.request.post(`/api/v1/admin/tournaments/${cupId}/teams/bulk`, { data: { teams } })).status()).toBe(201);

    await page.setViewportSize(DESKTOP);
    await page.goto(`/operator/fixtures?tournamentId=${cupId}`);
    // The seeding: the order pasted, open; the top seed moved to seed 2 in one step.
    await page.getByRole('heading', { name: 'Seeding: 6 of 6 teams play' }).waitFor();
    const seeds = page.locator('.seed-name');
    expect(await seeds.first().textContent()).toBe(`Tapti Cup ${suffix}`);
    await page.getByLabel(`Seed of Tapti Cup ${suffix}`).selectOption({ label: '2' });
    expect(await seeds.nth(1).textContent()).toBe(`Tapti Cup ${suffix}`);
    expect(await seeds.first().textContent()).toBe(`Narmada Cup ${suffix}`);
    await page.getByRole('radio', { name: /^Knockout/ }).check();
    // 6 teams: 8 slots, byes to the top two seeds, 5 matches.
    await page.getByText(/^5 matches/).first().waitFor();
    await page.getByLabel('Venues (optional)').fill('Main ground');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('Final (R3-M1) · Main ground').waitFor();
    await preview.getByText('Winner of R2-M1 v Winner of R2-M2').waitFor();

    // A first-round match moved onto the final's time is a clash: listed, and publishing waits.
    const firstMatch = preview.getByRole('button', { name: /^Adjust .*, Quarter-finals · Match/ }).first();
    await firstMatch.click();
    const dialog = page.getByRole('dialog', { name: 'Adjust match' });
    const finalTime = await dialog.getByLabel('Time').locator('option', { hasText: 'Winner of R2-M1' }).getAttribute('value');
    expect(finalTime).not.toBeNull();
    await dialog.getByLabel('Time').selectOption(String(finalTime));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await preview.getByText(/clash/).first().waitFor();
    await page.getByText(MSG.calendarHasClashes).waitFor();
    expect(await page.getByRole('button', { name: 'Publish 5 matches' }).isDisabled()).toBe(true);
    await snap(page, 'laptop-fixtures-clash');
    expect(await accessibilityProblems(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Undo changes' }).click();
    await expect.poll(() => preview.getByText(/clash/).count()).toBe(0);

    // The final gets its own venue.
    await preview.getByRole('button', { name: /^Adjust .*, Final \(R3-M1\)$/ }).click();
    await dialog.getByLabel('Venue').fill('Stadium');
    await snap(page, 'fixtures-adjust-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await preview.getByText(/Final \(R3-M1\) · Stadium/).waitFor();
    await snap(page, 'laptop-fixtures-preview');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish 5 matches' }).click();
    await page.waitForURL(/\/operator\/events\?tournamentId=/);
    await page.getByText(MSG.fixturesPublished(5)).waitFor();
    // Matches still waiting for their teams are drawn in the bracket only: its matches carry every venue.
    const shape = (await newClient().get(`/game/tournament-shape?tournamentId=${cupId}`)).body.data as TournamentShape;
    const played = shape.bracket!.rounds.flatMap((round) => round.matches).filter((match) => match.eventId !== null);
    expect(played.map((match) => match.venue).sort()).toEqual(['Main ground', 'Main ground', 'Main ground', 'Main ground', 'Stadium']);
    // Published once: the Fixtures screen says so instead of planning again.
    await page.goto(`/operator/fixtures?tournamentId=${cupId}`);
    await page.getByRole('heading', { name: 'Fixtures published' }).waitFor();
    await page.setViewportSize(PHONE);
    expect(watched.problems).toEqual([]);
  });
});
