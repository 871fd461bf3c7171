// The cup pool ('Who lifts the cup?') in Chromium at 390x844: an organiser publishes an 8-team knockout;
// the bracket shows each team's share of the pool, and a tap on one opens its stake form; a signed-in
// bettor stakes on a team, sees the stake and the odds move as another bettor's stake comes in (no
// reload); a refused amount shows the server's message; a visitor sees the odds and a sign-in prompt; the
// organiser sets the closing time and closes the pool in the console; the bettor's screen then says it
// closed, with their group's picks. Screenshots at phone and desktop size.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminTeam } from '../../shared/api.ts';
import { planFormat } from '../../shared/format-plan.ts';
import { MSG } from '../../shared/messages.ts';
import { operatorFixturesPath } from '../../web/src/lib/paths.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createTournament, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, WCAG_21, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const HOUR_MS = 60 * 60 * 1000;
const HOSTELS = ['Tapti', 'Narmada', 'Godavari', 'Kaveri', 'Mahanadi', 'Yamuna', 'Ganga', 'Sabarmati'];
/** A stake reaches the pool's totals through the table stream, then the screen's next read (every 5 s). */
const LIVE_TIMEOUT = 20_000;

describe.sequential('the cup pool', () => {
  let browser: Browser;
  let bettor: WatchedPage;
  let visitor: WatchedPage;
  let organiser: WatchedPage;
  let other: WatchedPage;
  let operator: ApiClient;
  let tournamentId: string;
  let teams: AdminTeam[];
  const poolUrl = () => `/pool?${new URLSearchParams({ tournamentId })}`;
  const bracketUrl = () => `/events?${new URLSearchParams({ tournamentId, view: 'bracket' })}`;
  const teamRow = (page: Page, team: AdminTeam) => page.locator(`#pool-team-${team._id}`);
  const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer');

  beforeAll(async () => {
    browser = await launchBrowser();
    [bettor, visitor, organiser, other] = await Promise.all([0, 1, 2, 3].map(() => openPage(browser, baseUrl)));
    operator = await operatorClient();
    tournamentId = (await createTournament(operator, `Pool Cup ${suffix}`))._id;
    const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, {
      teams: HOSTELS.map((name) => ({ teamName: `${name} ${suffix}`, members: ['Asha', 'Ravi'] })),
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    teams = HOSTELS.map((name) => entered.body.data.created.find((team) => team.teamName === `${name} ${suffix}`)!);
    const seeded = teams.map((team) => team._id);
    const { matches } = planFormat({ kind: 'knockout' }, seeded);
    const schedule = Object.fromEntries(matches.map((match, i) => [match.id, { startsAt: new Date(Date.now() + (24 + match.round * 24 + i) * HOUR_MS).toISOString() }]));
    const published = await operator.post(`/admin/tournaments/${tournamentId}/format`, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule });
    expect(published.status, JSON.stringify(published.body)).toBe(201);

    await Promise.all([
      registerThroughApi(bettor.page, baseUrl, { userName: 'Pool Backer', email: uniqueEmail(), password: 'pool-password-1' }),
      registerThroughApi(other.page, baseUrl, { userName: 'Pool Rival', email: uniqueEmail(), password: 'pool-password-2' }),
    ]);
    // Both in one group: its picks show once the pool closes.
    const group = await bettor.page.request.post('/api/v1/group/create-group', { data: { name: `Pool Pals ${suffix}` } });
    expect(group.status()).toBe(201);
    const joined = await other.page.request.post('/api/v1/group/join', { data: { inviteCode: (await group.json()).data.inviteCode } });
    expect(joined.ok(), await joined.text()).toBe(true);
    expect((await organiser.page.request.post('/api/v1/user/login-user', { data: OPERATOR })).status()).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close();
  });

  it("shows each team's share on the bracket, a tap on one opening its stake form", async () => {
    const { page } = bettor;
    await page.goto(bracketUrl());
    await page.getByRole('link', { name: /Who lifts the cup\?/ }).waitFor();
    const tapti = teams[0];
    const chip = page.getByRole('link', { name: `0% of the cup pool on ${tapti.teamName}: back it` }).first();
    await chip.waitFor();
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    await chip.click();
    await page.waitForURL((url) => url.pathname === '/pool' && url.searchParams.get('team') === tapti._id);
    await page.getByRole('form', { name: `Stake on ${tapti.teamName}` }).waitFor();
    await expect(teamRow(page, tapti).getByRole('button', { name: new RegExp(`^${tapti.teamName}`) }).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('heading', { name: 'Who lifts the cup?' }).waitFor();
    await page.getByText(`Pool Cup ${suffix}`).waitFor();
    await snap(page, 'cup-pool-stake-form');
  });

  it("shows a refused amount with the server's message", async () => {
    const { page } = bettor;
    const form = page.getByRole('form', { name: `Stake on ${teams[0].teamName}` });
    await form.getByLabel('Amount (coins)').fill('20');
    await form.getByRole('button', { name: `Stake on ${teams[0].teamName}` }).click();
    await toasts(page).getByText(MSG.betAmountOutOfRange).waitFor();
    await form.locator('.field-error').getByText(MSG.betAmountOutOfRange).waitFor();
  });

  it('places a stake, lists it, and moves the odds as another stake comes in', async () => {
    const { page } = bettor;
    const [tapti, narmada] = teams;
    const form = page.getByRole('form', { name: `Stake on ${tapti.teamName}` });
    await form.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '250', exact: true }).click();
    await form.getByText(`At the odds now, 250 coins would pay 250 coins if ${tapti.teamName} lifts the cup.`).waitFor();
    await form.getByRole('button', { name: `Stake on ${tapti.teamName}` }).click();
    await toasts(page).getByText(MSG.poolStakePlaced).waitFor();
    const mine = page.getByRole('region', { name: 'Your stakes' });
    await mine.getByText(tapti.teamName).waitFor();
    await mine.getByText('In play').waitFor();
    await teamRow(page, tapti).getByText('Your stake: 250 coins · In play').waitFor();
    await teamRow(page, tapti).getByText('1 coin pays 1', { exact: true }).waitFor({ timeout: LIVE_TIMEOUT });

    // Another bettor backs Narmada with 750: Tapti's share falls to a quarter, and a coin on it pays 4.
    const staked = await other.page.request.post('/api/v1/pool/stake', { data: { tournamentId, teamId: narmada._id, amount: 750 } });
    expect(staked.status(), await staked.text()).toBe(201);
    await teamRow(page, tapti).getByText('1 coin pays 4', { exact: true }).waitFor({ timeout: LIVE_TIMEOUT });
    await teamRow(page, tapti).getByText('25%', { exact: true }).waitFor();
    await teamRow(page, narmada).getByText('75%', { exact: true }).waitFor();
    await page.getByText('1,000 coins in the pool from 2 stakes').waitFor();
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(bettor.problems).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'cup-pool-open');

    // The bracket shows the new shares.
    await page.goto(bracketUrl());
    await page.getByRole('link', { name: `25% of the cup pool on ${tapti.teamName}: back it` }).first().waitFor();
    await snap(page, 'cup-pool-bracket');
  });

  it('shows a visitor the odds, and asks them to log in to stake', async () => {
    const { page } = visitor;
    await page.goto(poolUrl());
    const godavari = teams[2];
    await teamRow(page, godavari).getByRole('button', { name: new RegExp(`^${godavari.teamName}`) }).click();
    await page.getByRole('link', { name: `Log in to back ${godavari.teamName}` }).waitFor();
    await teamRow(page, teams[0]).getByText('1 coin pays 4', { exact: true }).waitFor();
    expect(visitor.problems).toEqual([]);
  });

  it('lets the organiser set the closing time and close the pool; the bettor then sees it closed, with their group\'s picks', async () => {
    const { page } = organiser;
    await page.goto(operatorFixturesPath(tournamentId));
    const panel = page.getByRole('region', { name: 'Cup pool' });
    await panel.getByText('The default: as its deciding match starts.').waitFor();
    await panel.getByLabel(/Closes at/).fill(new Date(Date.now() + 6 * HOUR_MS).toISOString().slice(0, 16));
    await panel.getByRole('button', { name: 'Set closing time' }).click();
    await toasts(page).getByText(MSG.poolSettingsSaved).first().waitFor();
    await panel.getByText('A time you set.').waitFor();
    await panel.getByRole('button', { name: 'Back to default' }).waitFor();
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    await snap(page, 'cup-pool-console');

    await panel.getByRole('button', { name: 'Close now' }).click();
    await panel.getByText('Closed: waiting for the champion').waitFor();
    await expect(panel.getByRole('button', { name: 'Close now' }).count()).resolves.toBe(0);
    expect(organiser.problems).toEqual([]);

    // The bettor's screen says it closed: no stake forms, and the group's picks.
    const bettorPage = bettor.page;
    await bettorPage.goto(poolUrl());
    await bettorPage.getByText('Closed: waiting for the champion').waitFor();
    await expect(bettorPage.getByRole('form').count()).resolves.toBe(0);
    const picks = bettorPage.getByRole('region', { name: "Your groups' picks" });
    await picks.getByText('Pool Backer').waitFor();
    await picks.getByText('Pool Rival').waitFor();
    expect(await accessibilityProblems(bettorPage, WCAG_21)).toEqual([]);
    await snap(bettorPage, 'cup-pool-closed');
  });
});
