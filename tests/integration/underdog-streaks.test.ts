// Streaks and the underdog bonus, through the HTTP API against the local cloud.
// The bonus: a won match bet on a side fewer than UNDERDOG_SHARE of the match's bettors backed (the split
// counted from the bets when the result first settles, stored on the event) pays UNDERDOG_BONUS_COINS as
// its own ledger entry; a correction takes payout and bonus back, or adds both, in its correction entry.
// The streak: derived from the bettor's settled bets (won extends, lost ends, refunded skipped), on the
// profile's answer and the group leaderboard's rows, following corrections with nothing stored.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { GroupLeaderboard, LedgerEntryView, PublicUser } from '#shared/api.ts';
import { UNDERDOG_BONUS_COINS, WIN_MULTIPLIER } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { checkInvariants } from '../reliability/support.ts';
import { verifiedUser } from './accounts-flows.ts';
import { createEvent, createEvents, operatorClient } from './game-flows.ts';
import { placeBets, settlementModules, waitFor, waitUntilSettled, WELCOME, walletOf } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const payout = (amount: number) => Math.floor(amount * WIN_MULTIPLIER);

/** The caller's whole coin history (one page is enough for a handful of entries). */
async function ledgerOf(client: ApiClient): Promise<LedgerEntryView[]> {
  const answer = await client.get('/wallet/ledger?limit=50');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.entries;
}

async function waitUntilCorrected(eventId: string, generation: number) {
  const { events } = await settlementModules();
  await waitFor(() => events.getEvent(eventId, true), (event) => event?.settledGeneration === generation);
}

describe('the underdog bonus', () => {
  it('pays the one bettor of 6 on the winning side its payout and the bonus as its own entry; corrections move both, and never pay a 5-of-6 side a bonus', { timeout: 120_000 }, async () => {
    const { event, teams } = await createEvent(operator);
    // 5 of 6 on team 0, 1 on team 1 (1/6: under 20%).
    const bettors = await placeBets(event, [...Array.from({ length: 5 }, () => ({ team: 0, amount: 100 })), { team: 1, amount: 200 }]);
    const underdog = bettors[5];
    const favourites = bettors.slice(0, 5);
    const scope = { userIds: bettors.map((b) => b.userId), eventIds: [event._id], teamIds: event.teamIds };

    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[1]._id })).status).toBe(202);
    await waitUntilSettled(event._id);

    // The split, counted from the bets at the first settlement, is stored on the event.
    const { events, settlement } = await settlementModules();
    expect((await events.getEvent(event._id, true))?.backersAtResult).toEqual({ [teams[0]._id]: 5, [teams[1]._id]: 1 });

    // The underdog: stake back as 1.5x, plus the bonus, as two entries.
    const won = await walletOf(underdog.client);
    expect(won.totalCoins).toBe(WELCOME - 200 + payout(200) + UNDERDOG_BONUS_COINS);
    const entries = await ledgerOf(underdog.client);
    expect(entries.find((e) => e._id === `payout#${event._id}`)).toMatchObject({ kind: 'payout', coins: payout(200) });
    expect(entries.find((e) => e._id === `underdog-bonus#${event._id}`)).toMatchObject({ kind: 'underdog-bonus', coins: UNDERDOG_BONUS_COINS });
    const profile: PublicUser = (await underdog.client.get(`/user/get-by-id/${underdog.userId}`)).body.data;
    expect(profile.totalEarnings).toBe(payout(200) + UNDERDOG_BONUS_COINS);
    // Their win notice names the bonus.
    const [today] = (await underdog.client.get('/user/notification-list')).body.data;
    const notice = today.notifications.find((n: { subject: string }) => n.subject === 'You won your bet!');
    expect(notice?.description).toContain(`${UNDERDOG_BONUS_COINS}-coin underdog bonus`);
    for (const bettor of favourites) expect((await walletOf(bettor.client)).totalCoins).toBe(WELCOME - 100);

    // Settling again (a retry, a late sweep) pays nothing twice: the stored split, the guarded entries.
    await settlement.settleEvent(event._id, { sweep: true });
    expect((await walletOf(underdog.client)).totalCoins).toBe(WELCOME - 200 + payout(200) + UNDERDOG_BONUS_COINS);
    expect(await checkInvariants(inject('cloudEnv'), scope)).toEqual([]);

    // Corrected to team 0: the underdog gives back payout and bonus in one correction entry; the
    // favourites are paid (5 of 6 is no underdog: no bonus).
    expect((await operator.post(`/admin/events/${event._id}/correct-result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitUntilCorrected(event._id, 1);
    expect((await walletOf(underdog.client)).totalCoins).toBe(WELCOME - 200);
    expect((await ledgerOf(underdog.client)).find((e) => e._id === `correction#${event._id}#1`)).toMatchObject({ kind: 'correction', coins: -(payout(200) + UNDERDOG_BONUS_COINS) });
    for (const bettor of favourites) {
      expect((await walletOf(bettor.client)).totalCoins).toBe(WELCOME - 100 + payout(100));
      expect((await ledgerOf(bettor.client)).some((e) => e.kind === 'underdog-bonus')).toBe(false);
    }
    const [corrected] = (await underdog.client.get('/user/notification-list')).body.data;
    expect(corrected.notifications.find((n: { subject: string }) => n.subject === MSG.resultCorrectedSubject)?.description).toContain(`${payout(200) + UNDERDOG_BONUS_COINS} coins were taken`);
    expect(await checkInvariants(inject('cloudEnv'), scope)).toEqual([]);

    // And back to team 1: payout and bonus come back together, still by the split counted at the first result.
    expect((await operator.post(`/admin/events/${event._id}/correct-result`, { winnerTeamId: teams[1]._id })).status).toBe(202);
    await waitUntilCorrected(event._id, 2);
    expect((await walletOf(underdog.client)).totalCoins).toBe(WELCOME - 200 + payout(200) + UNDERDOG_BONUS_COINS);
    const after = await ledgerOf(underdog.client);
    expect(after.find((e) => e._id === `correction#${event._id}#2`)).toMatchObject({ coins: payout(200) + UNDERDOG_BONUS_COINS });
    expect(after.filter((e) => e.kind === 'underdog-bonus')).toHaveLength(1);
    for (const bettor of favourites) expect((await walletOf(bettor.client)).totalCoins).toBe(WELCOME - 100);
    expect(await checkInvariants(inject('cloudEnv'), scope)).toEqual([]);
  });

  it('pays no bonus on an even split (its edges: shared/underdog.test.ts)', { timeout: 60_000 }, async () => {
    const { event, teams } = await createEvent(operator);
    const bettors = await placeBets(event, [
      { team: 0, amount: 100 },
      { team: 1, amount: 100 },
    ]);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[1]._id })).status).toBe(202);
    await waitUntilSettled(event._id);
    expect((await walletOf(bettors[1].client)).totalCoins).toBe(WELCOME - 100 + payout(100));
    expect((await ledgerOf(bettors[1].client)).some((e) => e.kind === 'underdog-bonus')).toBe(false);
  });
});

describe('streaks', () => {
  it('the profile and the group leaderboard show the run of correct picks: won extends, refunded skipped, lost ends; a correction moves it', { timeout: 180_000 }, async () => {
    const events = await createEvents(operator, 5);
    const bettor = await verifiedUser();
    const friend = await verifiedUser();
    // One bet on the home team of each match, decided one after another so they settle in this order.
    for (const event of events) {
      const placed = await bettor.client.post('/bet/create-new', { eventId: event._id, teamId: event.teamIds[0], betWay: 'coin', amount: 50 });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    const decide = async (index: number, body: object) => {
      expect((await operator.post(`/admin/events/${events[index]._id}/result`, body)).status).toBe(202);
      await waitUntilSettled(events[index]._id);
    };
    const streakOf = async (viewer: ApiClient) => {
      const answer = await viewer.get(`/user/get-by-id/${bettor.userId}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { streak, bestStreak } = answer.body.data as PublicUser;
      return { streak, bestStreak };
    };
    const home = (i: number) => ({ winnerTeamId: events[i].teamIds[0] });
    const away = (i: number) => ({ winnerTeamId: events[i].teamIds[1] });

    expect(await streakOf(bettor.client)).toEqual({ streak: 0, bestStreak: 0 });
    await decide(0, home(0));
    await decide(1, home(1));
    expect(await streakOf(friend.client)).toEqual({ streak: 2, bestStreak: 2 });
    await decide(2, { void: true }); // refunded: skipped
    expect(await streakOf(friend.client)).toEqual({ streak: 2, bestStreak: 2 });
    await decide(3, away(3)); // lost: the run ends
    expect(await streakOf(friend.client)).toEqual({ streak: 0, bestStreak: 2 });
    await decide(4, home(4));
    expect(await streakOf(bettor.client)).toEqual({ streak: 1, bestStreak: 2 });

    // The group's leaderboard shows each member's streak and best.
    const created = await bettor.client.post('/group/create-group', { name: `Streakers ${randomUUID().slice(0, 6)}` });
    expect(created.status).toBe(201);
    const { groupId, inviteCode } = created.body.data;
    expect((await friend.client.post('/group/join', { inviteCode })).status).toBe(200);
    const board = async () => ((await friend.client.get(`/group/leaderboard/${groupId}`)).body.data as GroupLeaderboard).rows;
    expect(await board()).toEqual([
      expect.objectContaining({ userId: bettor.userId, trophy: 3, streak: 1, bestStreak: 2 }),
      expect.objectContaining({ userId: friend.userId, trophy: 0, streak: 0, bestStreak: 0 }),
    ]);

    // The lost match corrected to a win: the bets in settlement order now read won, won, refunded, won, won.
    expect((await operator.post(`/admin/events/${events[3]._id}/correct-result`, home(3))).status).toBe(202);
    await waitUntilCorrected(events[3]._id, 1);
    expect(await streakOf(friend.client)).toEqual({ streak: 4, bestStreak: 4 });
    expect((await board())[0]).toMatchObject({ userId: bettor.userId, trophy: 4, streak: 4, bestStreak: 4 });
  });
});
