// Settlement: the operator's result, then every bet paid, lost or refunded exactly once — when the
// result is posted twice, when two runs go at once, and when a run stops half-way and starts again.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_SIZE, WIN_MULTIPLIER } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { newClient } from './accounts-flows.ts';
import { coinBet, createEvent, operatorClient } from './game-flows.ts';
import { type Bettor, placeBets, settlementModules, waitFor, waitUntilSettled, WELCOME, walletOf } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });
const postResult = (eventId: string, body: object) => operator.post(`/admin/events/${eventId}/result`, body);
const STAKES = [
  { team: 0, amount: 100 },
  { team: 0, amount: 55 },
  { team: 1, amount: 200 },
  { team: 0, amount: 1000 },
  { team: 1, amount: 75 },
];

/** Every bettor's wallet, ledger, history and trophy once the event is settled with `winner` (a team index) or voided. */
async function expectSettledOnce(eventId: string, bettors: Bettor[], winner: number | 'void') {
  const { ledger } = await settlementModules();
  for (const bettor of bettors) {
    const won = bettor.team === winner;
    const payout = won ? Math.floor(bettor.amount * WIN_MULTIPLIER) : 0;
    const coins = winner === 'void' ? WELCOME : WELCOME - bettor.amount + payout;
    expect(await walletOf(bettor.client)).toMatchObject({ totalCoins: coins, totalCash: 0, totalEarnings: payout });
    const entries = (await ledger.listLedger(bettor.userId)).map((entry) => entry.entryId).sort();
    const settlementEntry = winner === 'void' ? [`refund#${eventId}`] : won ? [`payout#${eventId}`] : [];
    expect(entries).toEqual([`bet#${eventId}`, ...settlementEntry, 'welcome'].sort());
    const [history] = (await bettor.client.get('/bet/get-betlist')).body.data;
    expect(history).toMatchObject(winner === 'void' ? { isOver: true, isWin: false, isRefunded: true } : { isOver: true, isWin: won });
    expect((await bettor.client.get('/user/current-user')).body.data.trophy).toBe(won ? 1 : 0);
  }
}

const teamTrophy = async (teamId: string) => {
  const teams = await import('#functions/data/teams.ts');
  return (await teams.getTeam(teamId, true))?.trophy;
};

describe('POST /admin/events/{id}/result', () => {
  it('settles asynchronously: posted twice, each winner is paid once, the team gets one trophy and the leaderboards move', async () => {
    const { event, teams } = await createEvent(operator);
    const bettors = await placeBets(event, STAKES);
    const champion = bettors[3];
    const championName = `Champ ${randomUUID().slice(0, 8)}`;
    await champion.client.patch('/user/update-user', { userName: championName });

    const [first, second] = await Promise.all([postResult(event._id, { winnerTeamId: teams[0]._id }), postResult(event._id, { winnerTeamId: teams[0]._id })]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(202);
      expect(answer.body.data).toEqual({ eventId: event._id, winnerTeamId: teams[0]._id, isVoid: false, decidedAt: first.body.data.decidedAt, result: { kind: 'won' } });
    }
    await waitUntilSettled(event._id);
    // A third post queues settlement again: it finds nothing left to do.
    expect((await postResult(event._id, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitFor(() => walletOf(champion.client), (wallet) => wallet.totalEarnings > 0);

    await expectSettledOnce(event._id, bettors, 0);
    expect(await teamTrophy(teams[0]._id)).toBe(1);
    expect(await teamTrophy(teams[1]._id)).toBe(0);
    const teamBoard = (await newClient().get('/game/team-leaderboard')).body.data;
    expect(teamBoard).toContainEqual({ name: teams[0].teamName, trophy: 1 });
    // Other tests of the run (the hot-event rush) may fill the board with bettors of one trophy, ranked by id.
    const bettorBoard: { name: string; trophy: number }[] = (await newClient().get('/game/bettor-leaderboard')).body.data;
    const boardFullAtOneOrMore = bettorBoard.length === LEADERBOARD_SIZE && bettorBoard.at(-1)!.trophy >= 1;
    if (!boardFullAtOneOrMore) expect(bettorBoard).toContainEqual({ name: championName, trophy: 1 });
    expect((await champion.client.get('/user/current-user')).body.data).toMatchObject({ userName: championName, trophy: 1 });
    const events = (await newClient().get(`/game/event-list?tournamentId=${event.tournamentId}`)).body.data;
    expect(events[0]).toMatchObject({ isBetActive: false, winnerTeam: { _id: teams[0]._id } });
  });

  it('voids an event: every stake refunded, no trophy for anyone', async () => {
    const { event, teams } = await createEvent(operator);
    const bettors = await placeBets(event, STAKES.slice(0, 3));
    const answer = await postResult(event._id, { void: true });
    expect(answer.status).toBe(202);
    expect(answer.body.data).toMatchObject({ eventId: event._id, winnerTeamId: null, isVoid: true });
    await waitUntilSettled(event._id);
    await expectSettledOnce(event._id, bettors, 'void');
    expect([await teamTrophy(teams[0]._id), await teamTrophy(teams[1]._id)]).toEqual([0, 0]);
    const events = (await newClient().get(`/game/event-list?tournamentId=${event.tournamentId}`)).body.data;
    expect(events[0]).toMatchObject({ isBetActive: false, winnerTeam: {}, isVoid: true });
  });

  it('closes betting at once and refuses a different outcome (409), a team not playing, bad input and unknown events', async () => {
    const { event, teams } = await createEvent(operator);
    const { event: second, teams: secondTeams } = await createEvent(operator);
    const [bettor] = await placeBets(second, [{ team: 0, amount: 50 }]);
    expect((await postResult(event._id, { winnerTeamId: teams[1]._id })).status).toBe(202);
    expect((await bettor.client.post('/bet/create-new', coinBet(event, 50))).body).toEqual(error(409, MSG.bettingClosed));
    expect((await postResult(event._id, { winnerTeamId: teams[0]._id })).body).toEqual(error(409, MSG.resultConflict));
    expect((await postResult(event._id, { void: true })).body).toEqual(error(409, MSG.resultConflict));

    expect((await postResult(second._id, { winnerTeamId: teams[0]._id })).body).toEqual(error(400, MSG.teamNotInEvent));
    expect((await postResult(second._id, {})).body).toEqual(error(400, MSG.resultInvalid));
    expect((await postResult(second._id, { winnerTeamId: secondTeams[0]._id, void: true })).body).toEqual(error(400, MSG.resultInvalid));
    expect((await postResult(second._id, { void: false })).body).toEqual(error(400, MSG.resultInvalid));
    expect((await postResult(second._id, { winnerTeamId: 'x' })).body).toEqual(error(400, MSG.invalidId));
    expect((await postResult(randomUUID(), { void: true })).body).toEqual(error(404, MSG.eventNotFound));
    // None of the refusals decided the second event: it still takes bets.
    const [late] = await placeBets(second, [{ team: 1, amount: 60 }]);
    expect(await walletOf(late.client)).toMatchObject({ totalCoins: WELCOME - 60 });
  });
});

describe('settleEvent (the domain, against the cloud table)', () => {
  it('settles each bet once when two runs go at once', async () => {
    const { results, settlement } = await settlementModules();
    const { event, teams } = await createEvent(operator);
    const bettors = await placeBets(event, STAKES);
    await results.commitDecision(event._id, { winnerTeamId: teams[1]._id });
    const reports = await Promise.all([settlement.settleEvent(event._id), settlement.settleEvent(event._id)]);
    expect(reports[0].settled + reports[1].settled).toBe(bettors.length);
    await expectSettledOnce(event._id, bettors, 1);
    expect(await teamTrophy(teams[1]._id)).toBe(1);
  });

  it('finishes, exactly once, a run that stopped half-way', async () => {
    const { results, settlement, events } = await settlementModules();
    const { event, teams } = await createEvent(operator);
    const bettors = await placeBets(event, [...STAKES, ...STAKES.map(({ team, amount }) => ({ team: 1 - team, amount: amount - 1 }))]);
    await results.commitDecision(event._id, { winnerTeamId: teams[0]._id });

    // One small transaction at a time (one winner or two losers), stopped after the first commits.
    let settled = 0;
    const worker = new AbortController();
    const stopped = settlement.settleEvent(event._id, {
      concurrency: 1,
      maxTransactItems: 6,
      signal: worker.signal,
      onBetSettled: () => {
        settled++;
        worker.abort(new Error('worker killed'));
      },
    });
    await expect(stopped).rejects.toThrow('worker killed');
    // Some bets are settled, not all of them, and the event is not settled.
    expect(settled).toBeGreaterThanOrEqual(1);
    expect(settled).toBeLessThanOrEqual(2);
    expect((await events.getEvent(event._id, true))?.settledAt).toBeUndefined();

    const restarted = await settlement.settleEvent(event._id);
    expect(settled + restarted.settled).toBe(bettors.length);
    await expectSettledOnce(event._id, bettors, 0);
    expect(await teamTrophy(teams[0]._id)).toBe(1);
    expect((await events.getEvent(event._id, true))?.settledAt).toEqual(expect.any(String));
    expect((await settlement.settleEvent(event._id)).settled).toBe(0);
  });

  it('packs bets into transactions of at most 100 items, never two bets of one bettor in one', async () => {
    const { settlement, sweep } = await settlementModules();
    const event = { id: 'e1', tournamentId: 't', time: '2030-01-01T00:00:00.000Z', teamIds: ['a', 'b'], isBetActive: false, winnerTeamId: 'a', decidedAt: '2030-01-01T02:00:00.000Z', createdAt: '2029-01-01T00:00:00.000Z' } as const;
    const bet = (userId: string, teamId: string) => ({ userId, eventId: event.id, teamId, teamName: teamId, amount: 100, betWay: 'coin', status: 'pending', transactionId: randomUUID(), isPaid: false, createdAt: event.createdAt, eventVersion: 0 }) as const;
    // 40 winners (6 items each with their notification), 40 losers (3 items), and one bettor twice (a stale index page).
    const list = Array.from({ length: 80 }, (_, i) => bet(`u${i}`, i % 2 === 0 ? 'a' : 'b'));
    list.push(bet('u0', 'a'));
    const trophies = new Map(list.map((b) => [b.userId, 0]));
    const settlements = list.map((b) => settlement.betSettlement({ ...event, teamIds: ['a', 'b'] }, b, event.decidedAt, trophies));
    const batches = sweep.packSettlements(settlements);
    const itemsOf = (batch: typeof settlements) => batch.reduce((sum, s) => sum + s.items.length + 2, 0);
    expect(batches.flat()).toHaveLength(list.length);
    for (const batch of batches) {
      expect(itemsOf(batch)).toBeLessThanOrEqual(100);
      expect(new Set(batch.map((s) => s.bet.userId)).size).toBe(batch.length);
    }
    // 40 x 6 + 40 x 3 + 6 = 366 items: four transactions, not 81.
    expect(batches.length).toBeLessThanOrEqual(5);
  });

  it('refuses to settle an event with no result', async () => {
    const { settlement } = await settlementModules();
    const { event } = await createEvent(operator);
    await expect(settlement.settleEvent(event._id)).rejects.toMatchObject({ code: 'event-not-decided' });
    await expect(settlement.settleEvent(randomUUID())).rejects.toMatchObject({ code: 'event-not-found' });
  });
});
