// Streaks and the underdog bonus in Chromium at 390x844 (screenshots at desktop size too): a bettor
// whose bets went won, won, lost, won reads 'Streak 1 · best 2' on their profile and in their group's
// streak column (reached by clicking through from the group page); the bet screen states the underdog
// rule in one line, and the terms page states both rules with their numbers.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UNDERDOG_BONUS_COINS } from '#shared/constants.ts';
import type { AdminEvent } from '#shared/api.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { createEvents, operatorClient } from '../integration/game-flows.ts';
import { waitUntilSettled } from '../integration/settlement-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, registerThroughApi, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');

describe.sequential('streaks and the underdog bonus: profile, group page, bet screen, terms', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let watched: WatchedPage;
  let page: Page;
  let userId: string;
  let groupId: string;
  let open: AdminEvent;

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
    await registerThroughApi(page, baseUrl, { userName: 'Streak Rani', email: uniqueEmail(), password: 'streak-password-1' });
    userId = (await (await page.request.get('/api/v1/user/current-user')).json()).data._id;

    // Four matches bet on the home team, decided won, won, lost, won (in that order), and one left open.
    const operator = await operatorClient();
    const events = await createEvents(operator, 5);
    open = events[4];
    for (const event of events.slice(0, 4)) {
      const placed = await page.request.post('/api/v1/bet/create-new', { data: { eventId: event._id, teamId: event.teamIds[0], betWay: 'coin', amount: 50 } });
      expect(placed.status()).toBe(201);
    }
    for (const [index, winner] of [0, 0, 1, 0].entries()) {
      const event = events[index];
      expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: event.teamIds[winner] })).status).toBe(202);
      await waitUntilSettled(event._id);
    }

    // A group with a friend who has not bet yet.
    const created = await page.request.post('/api/v1/group/create-group', { data: { name: 'Streak Wing' } });
    expect(created.status()).toBe(201);
    const group = (await created.json()).data as { groupId: string; inviteCode: string };
    groupId = group.groupId;
    const friend = await verifiedUser();
    expect((await friend.client.post('/group/join', { inviteCode: group.inviteCode })).status).toBe(200);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('the group page has a streak column: the current run, the best under it', async () => {
    await page.goto(`/groups/${groupId}`);
    await page.getByRole('heading', { name: 'Streak Wing' }).waitFor();
    const me = page.locator('.group-board-row.is-you');
    await me.waitFor();
    // Read aloud as one phrase; seen as the current run over 'best N'.
    await expect.poll(() => me.locator('.group-board-streak').textContent()).toBe('streak 1, best 2');
    expect(await page.locator('.group-board-head').textContent()).toContain('Streak');
    const friendRow = page.locator('.group-board-row:not(.is-you)');
    expect(await friendRow.locator('.group-board-streak').textContent()).toBe('streak 0, best 0');
    await snap(page, 'group-page-streaks');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('clicking through to the profile shows the streak and the best', async () => {
    await page.getByRole('link', { name: /Streak Rani \(you\)/ }).click();
    await page.waitForURL(new RegExp(`/profile/${userId}$`));
    await page.getByRole('heading', { name: 'Streak Rani' }).waitFor();
    await page.getByText('Streak 1 · best 2').waitFor();
    await snap(page, 'profile-streak');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('the bet screen states the underdog bonus in one line; the terms state both rules', async () => {
    await page.goto(`/create-bet?${new URLSearchParams({ mode: 'coin', teamId: open.teamIds[1] ?? '', eventId: open._id, team: 'Away' })}`);
    await page.getByText(`Back a side fewer than 20% of bettors pick and win: +${UNDERDOG_BONUS_COINS} coins bonus.`).waitFor();
    await snap(page, 'bet-screen-underdog');

    await page.goto('/terms-conditions');
    await page.getByText(`also pays ${UNDERDOG_BONUS_COINS} coins`).waitFor();
    await page.getByText(/Your streak is your run of correct picks/).waitFor();
    await page.getByText(/Underdog bonus:/).scrollIntoViewIfNeeded();
    await snap(page, 'terms-streaks-underdog');
    expect(watched.problems).toEqual([]);
  });
});
