// A correction that replaces a match, as its organiser and its bettor see it afterwards: a 4-team knockout's
// final is open and bet on; the organiser corrects a semi-final, so the final is voided, its stake refunded
// and a new final put in its place. The organiser's match list keeps the old final, folded away and struck
// through, with the final played instead; the bettor's bet history shows the refunded bet and what replaced
// its match.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import { planFormat } from '../../shared/format-plan.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createTournament, operatorClient, OPERATOR } from '../integration/game-flows.ts';
import { waitFor } from '../integration/settlement-flows.ts';
import { accessibilityProblems, launchBrowser, logInThroughForm, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const HOUR_MS = 60 * 60 * 1000;

describe.sequential('a match replaced by a correction', () => {
  let browser: Browser;
  let organiser: WatchedPage;
  let bettor: WatchedPage;
  let operator: ApiClient;
  let tournamentId: string;
  let teams: AdminTeam[];
  let final: AdminEvent;
  /** 'Home v Away' of the final as bet on, and of the final played in its place. */
  let oldPair: string[];
  let newPair: string[];

  beforeAll(async () => {
    operator = await operatorClient();
    tournamentId = (await createTournament(operator, `Replay Cup ${suffix}`))._id;
    const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, {
      teams: ['Kaveri', 'Ganga', 'Tapti', 'Sutlej'].map((name) => ({ teamName: `${name} ${suffix}`, members: [] })),
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    teams = entered.body.data.created;
    const seeded = teams.map((team) => team._id);
    const { matches } = planFormat({ kind: 'knockout' }, seeded);
    const schedule = Object.fromEntries(matches.map((match, i) => [match.id, { startsAt: new Date(Date.now() + (24 + i) * HOUR_MS).toISOString() }]));
    const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournamentId}/format`, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const semis = published.body.data.events.filter((event) => event.stage === 'Semi-finals') as (AdminEvent & { teamIds: [string, string] })[];
    final = published.body.data.events.find((event) => event.stage === 'Final')!;
    for (const semi of semis) expect((await operator.post(`/admin/events/${semi._id}/result`, { winnerTeamId: semi.teamIds[0] })).status).toBe(202);
    await waitFor(async () => (await operator.get<{ data: AdminEvent }>(`/admin/events/${final._id}`)).body.data.isBetActive, (open) => open);

    browser = await launchBrowser();
    [organiser, bettor] = await Promise.all([openPage(browser, baseUrl), openPage(browser, baseUrl)]);
    await registerThroughApi(bettor.page, baseUrl, { userName: `Final Fan ${suffix}`, email: uniqueEmail(), password: 'betting-password-9' });
    const finalNow = (await operator.get<{ data: AdminEvent & { teamIds: [string, string] } }>(`/admin/events/${final._id}`)).body.data;
    const bet = await bettor.page.request.post('/api/v1/bet/create-new', { data: { eventId: final._id, teamId: finalNow.teamIds[0], betWay: 'coin', amount: 200 } });
    expect(bet.status()).toBe(201);
    // The organiser corrects the first semi-final once its bets are settled (a correction waits for that):
    // the other team goes through, so the final is replaced.
    await waitFor(async () => (await operator.get<{ data: AdminEvent }>(`/admin/events/${semis[0]._id}`)).body.data.settledAt, (at) => at !== undefined);
    const corrected = await operator.post<{ data: { replacedNextEventId?: string } }>(`/admin/events/${semis[0]._id}/correct-result`, { winnerTeamId: semis[0].teamIds[1] });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(202);
    expect(corrected.body.data.replacedNextEventId).toBe(final._id);
    const replaced = await waitFor(
      async () => (await operator.get<{ data: AdminEvent[] }>(`/admin/tournaments/${tournamentId}/events`)).body.data.find((e) => e._id === final._id)?.replacedBy,
      (by) => by !== undefined,
    );
    const nameOf = (id: string) => teams.find((team) => team._id === id)!.teamName;
    oldPair = finalNow.teamIds.map(nameOf);
    newPair = ((await operator.get<{ data: AdminEvent }>(`/admin/events/${replaced!.eventId}`)).body.data.teamIds as string[]).map(nameOf);
    expect(newPair).not.toEqual(oldPair);
    await logInThroughForm(organiser.page, OPERATOR);
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('stays in the organiser’s list, struck through, with the final played instead', async () => {
    const { page } = organiser;
    await page.goto(`/operator/events?tournamentId=${tournamentId}`);
    await page.getByText('Replaced by corrections (1)').click();
    const struck = page.locator('del', { hasText: `Final (R2-M1): ${oldPair.join(' vs ')}` });
    await struck.waitFor();
    // The first semi-final corrected: its other team plays the final instead.
    await page.getByText(`Stakes refunded. Played instead: Final (R2-M1): ${newPair.join(' v ')}`).waitFor();
    await struck.scrollIntoViewIfNeeded();
    await snap(page, 'console-replaced-match');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(organiser.problems).toEqual([]);
  });

  it('stays in the bettor’s history, refunded, naming what replaced it', async () => {
    const { page } = bettor;
    const me = (await (await page.request.get('/api/v1/user/current-user')).json()) as { data: { _id: string } };
    await page.goto(`/profile/${me.data._id}`);
    await page.getByText(`Match replaced after a corrected result, by Final (R2-M1): ${newPair.join(' v ')}`).waitFor();
    await page.getByText('Refunded').first().waitFor();
    await page.getByText(/^Match replaced after a corrected result/).scrollIntoViewIfNeeded();
    await snap(page, 'bet-history-replaced');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(bettor.problems).toEqual([]);
  });
});
