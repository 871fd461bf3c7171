// Correcting a wrong result (issue 14 §4): within 48 hours of the decision the operator, or an organiser
// of the tournament, changes the outcome; every accepted bet is settled again with compensating ledger
// entries, trophies move for bettors and teams, each bettor is told, a spent payout is written off by the
// house, and a correction that runs twice or dies half-way ends the same. The money invariants (the
// reliability suites' checker, the operators' audit included) hold after each.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { WIN_MULTIPLIER } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { checkInvariants } from '../reliability/support.ts';
import { verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, operatorClient } from './game-flows.ts';
import { type Bettor, placeBets, settlementModules, waitFor, waitUntilSettled, WELCOME, walletOf } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const STAKES = [
  { team: 0, amount: 100 },
  { team: 1, amount: 200 },
  { team: 0, amount: 55 },
];
const payout = (amount: number) => Math.floor(amount * WIN_MULTIPLIER);
const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });

async function modules() {
  const [base, corrections, resettling, teams] = await Promise.all([
    settlementModules(),
    import('#functions/settlement/corrections.ts'),
    import('#functions/settlement/resettling.ts'),
    import('#functions/data/teams.ts'),
  ]);
  return { ...base, corrections, resettling, teams };
}

/** An event with bets, decided by `first` (a team index or 'void') and settled. */
async function settledEvent(first: number | 'void', stakes = STAKES) {
  const { event, teams, tournamentId } = await createEvent(operator);
  const bettors = await placeBets(event, stakes);
  const outcome = first === 'void' ? { void: true } : { winnerTeamId: teams[first]._id };
  expect((await operator.post(`/admin/events/${event._id}/result`, outcome)).status).toBe(202);
  await waitUntilSettled(event._id);
  return { event, teams, tournamentId, bettors };
}

/** Waits until the event's last correction has settled every bet. */
async function waitUntilCorrected(eventId: string, generation = 1) {
  const { events } = await modules();
  await waitFor(() => events.getEvent(eventId, true), (event) => event?.settledGeneration === generation, 30_000);
}

const scopeOf = (eventId: string, teamIds: string[], bettors: { userId: string }[]) => ({ userIds: bettors.map((b) => b.userId), eventIds: [eventId], teamIds });

/** What each bettor has once the event's outcome is `outcome` (however many corrections it took). */
async function expectSettledAs(eventId: string, bettors: Bettor[], outcome: number | 'void') {
  for (const bettor of bettors) {
    const won = bettor.team === outcome;
    const coins = outcome === 'void' ? WELCOME : WELCOME - bettor.amount + (won ? payout(bettor.amount) : 0);
    expect(await walletOf(bettor.client), `bettor on team ${bettor.team}`).toMatchObject({ totalCoins: coins, totalCash: 0, totalEarnings: won ? payout(bettor.amount) : 0 });
    expect((await bettor.client.get('/user/current-user')).body.data.trophy).toBe(won ? 1 : 0);
    const [history] = (await bettor.client.get('/bet/get-betlist')).body.data;
    expect(history).toMatchObject(outcome === 'void' ? { isOver: true, isWin: false, isRefunded: true } : { isOver: true, isWin: won });
  }
  const { ledger } = await modules();
  for (const bettor of bettors) {
    const entries = await ledger.listLedger(bettor.userId);
    expect(entries.filter((e) => e.kind === 'correction').map((e) => e.entryId)).toEqual([`correction#${eventId}#1`]);
  }
}

const correct = (eventId: string, body: object, client = operator) => client.post(`/admin/events/${eventId}/correct-result`, body);

// Each test registers bettors and settles twice: on a busy 2-core machine that can take over 30 s.
describe('POST /admin/events/{id}/correct-result', { timeout: 90_000 }, () => {
  it('moves a win to the other team: the payouts taken back, the new winners paid, trophies and teams moved, every bettor told, audited', async () => {
    const { event, teams, bettors } = await settledEvent(0);
    const answer = await correct(event._id, { winnerTeamId: teams[1]._id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ message: MSG.correctionRecorded, data: { eventId: event._id, winnerTeamId: teams[1]._id, isVoid: false, correction: 1 } });
    await waitUntilCorrected(event._id);

    await expectSettledAs(event._id, bettors, 1);
    const { teams: teamData, events } = await modules();
    expect((await teamData.getTeam(teams[0]._id, true))?.trophy).toBe(0);
    expect((await teamData.getTeam(teams[1]._id, true))?.trophy).toBe(1);
    const corrected = await events.getEvent(event._id, true);
    expect(corrected).toMatchObject({ winnerTeamId: teams[1]._id, correction: 1, settledGeneration: 1 });
    expect(corrected?.corrections).toEqual([expect.objectContaining({ generation: 1, from: { winnerTeamId: teams[0]._id }, to: { winnerTeamId: teams[1]._id } })]);

    // Each bettor is told what changed.
    for (const bettor of bettors) {
      const [today] = (await bettor.client.get('/user/notification-list')).body.data;
      const notice = today.notifications.find((n: { subject: string }) => n.subject === MSG.resultCorrectedSubject);
      expect(notice?.description, `bettor on team ${bettor.team}`).toContain(bettor.team === 1 ? 'won after all' : 'did not win after all');
      expect(notice?.description).toContain(bettor.team === 1 ? `${payout(bettor.amount)} coins were added` : `${payout(bettor.amount)} coins were taken`);
    }
    // The event's audit trail names who corrected it.
    const audit = await operator.get(`/admin/events/${event._id}/audit`);
    expect(audit.body.data.map((entry: { action: string }) => entry.action)).toContain('corrected');
    expect(await checkInvariants(inject('cloudEnv'), scopeOf(event._id, event.teamIds, bettors))).toEqual([]);
  });

  it('voids a decided event: winners give the payout back for their stake, losers get their stake', async () => {
    const { event, bettors } = await settledEvent(0);
    expect((await correct(event._id, { void: true })).status).toBe(202);
    await waitUntilCorrected(event._id);
    await expectSettledAs(event._id, bettors, 'void');
    expect(await checkInvariants(inject('cloudEnv'), scopeOf(event._id, event.teamIds, bettors))).toEqual([]);
  });

  it('gives a voided event a winner: the refunds become a win or a loss', async () => {
    const { event, teams, bettors } = await settledEvent('void');
    expect((await correct(event._id, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitUntilCorrected(event._id);
    await expectSettledAs(event._id, bettors, 0);
    const { teams: teamData } = await modules();
    expect((await teamData.getTeam(teams[0]._id, true))?.trophy).toBe(1);
    expect(await checkInvariants(inject('cloudEnv'), scopeOf(event._id, event.teamIds, bettors))).toEqual([]);
  });

  it('writes off what a bettor already spent of a payout taken back: the balance stops at zero', async () => {
    const { event, teams } = await createEvent(operator);
    const spender = await verifiedUser();
    expect((await spender.client.post('/bet/create-new', { ...coinBet(event, 1000), teamId: teams[0]._id })).status).toBe(201);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitUntilSettled(event._id);
    expect((await walletOf(spender.client)).totalCoins).toBe(1500);
    // 1,000 of the 1,500 won go on another match before the correction.
    const { event: other } = await createEvent(operator);
    expect((await spender.client.post('/bet/create-new', coinBet(other, 1000))).status).toBe(201);

    expect((await correct(event._id, { winnerTeamId: teams[1]._id })).status).toBe(202);
    await waitUntilCorrected(event._id);
    expect(await walletOf(spender.client)).toMatchObject({ totalCoins: 0, totalCash: 0, totalEarnings: 0 });
    const { ledger } = await modules();
    const entries = await ledger.listLedger(spender.userId);
    expect(entries.find((e) => e.entryId === `correction#${event._id}#1`)).toMatchObject({ kind: 'correction', coins: -1500, earnings: -1500 });
    expect(entries.find((e) => e.entryId === `write-off#${event._id}#1`)).toMatchObject({ kind: 'write-off', coins: 1000 });
    const [today] = (await spender.client.get('/user/notification-list')).body.data;
    expect(today.notifications.find((n: { subject: string }) => n.subject === MSG.resultCorrectedSubject)?.description).toContain('the other 1000 coins you had already spent were written off');
    expect(await checkInvariants(inject('cloudEnv'), { userIds: [spender.userId], eventIds: [event._id, other._id], teamIds: event.teamIds })).toEqual([]);
  });

  it('never mints coins: corrected against, to void and back, a bettor ends with what the last outcome alone gives', async () => {
    const { event, teams } = await createEvent(operator);
    const spender = await verifiedUser();
    expect((await spender.client.post('/bet/create-new', { ...coinBet(event, 1000), teamId: teams[0]._id })).status).toBe(201);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    await waitUntilSettled(event._id);
    const { event: other } = await createEvent(operator);
    expect((await spender.client.post('/bet/create-new', coinBet(other, 1000))).status).toBe(201);
    expect((await walletOf(spender.client)).totalCoins).toBe(500);

    // Against them: 500 debited, 1,000 written off. Void: the 1,000 credited repay the write-off.
    // Back to the first winner: 500 more, as the result alone gave (1,000 - 1,000 + 1,500 - 1,000).
    const steps = [
      { body: { winnerTeamId: teams[1]._id }, coins: 0 },
      { body: { void: true }, coins: 0 },
      { body: { winnerTeamId: teams[0]._id }, coins: 500 },
    ];
    for (const [index, step] of steps.entries()) {
      expect((await correct(event._id, step.body)).status).toBe(202);
      await waitUntilCorrected(event._id, index + 1);
      expect((await walletOf(spender.client)).totalCoins, `after correction ${index + 1}`).toBe(step.coins);
      expect(await checkInvariants(inject('cloudEnv'), { userIds: [spender.userId], eventIds: [event._id, other._id], teamIds: event.teamIds })).toEqual([]);
    }
    const { ledger } = await modules();
    const entries = await ledger.listLedger(spender.userId);
    expect(entries.find((e) => e.entryId === `write-off-repayment#${event._id}#2`)).toMatchObject({ kind: 'write-off-repayment', coins: -1000 });
    const [today] = (await spender.client.get('/user/notification-list')).body.data;
    expect(today.notifications.map((n: { description: string }) => n.description)).toContain(
      `The match of your bet on ${teams[0].teamName} was voided, so your 1000 coins stake counts as refunded. The 1000 coins paid back coins written off for you earlier, so your wallet is unchanged.`,
    );

    // The coin history lists each transaction's entries as applied: no balance below zero.
    const history = (await spender.client.get('/wallet/ledger?limit=50')).body.data.entries as { _id: string; coinsAfter: number }[];
    expect(history.filter((entry) => entry.coinsAfter < 0)).toEqual([]);
    expect(history.map((entry) => entry._id).slice(0, 6)).toEqual([
      `correction#${event._id}#3`,
      `write-off-repayment#${event._id}#2`,
      `correction#${event._id}#2`,
      `correction#${event._id}#1`,
      `write-off#${event._id}#1`,
      `bet#${other._id}`,
    ]);
  });

  it('refuses the same outcome, an undecided event, one still settling, and a bad body, with messages', async () => {
    const { event, teams } = await settledEvent(0, STAKES.slice(0, 1));
    expect((await correct(event._id, { winnerTeamId: teams[0]._id })).body).toEqual(error(400, MSG.correctionSameOutcome));
    expect((await correct(event._id, { winnerTeamId: teams[1]._id, void: true })).body).toEqual(error(400, MSG.resultInvalid));
    const { event: undecided, teams: undecidedTeams } = await createEvent(operator);
    expect((await correct(undecided._id, { winnerTeamId: undecidedTeams[0]._id })).body).toEqual(error(409, MSG.eventNotDecided));
    // Decided but not settled yet (no settlement queued): refused until it is.
    const { results } = await modules();
    await results.commitDecision(undecided._id, { winnerTeamId: undecidedTeams[0]._id });
    expect((await correct(undecided._id, { winnerTeamId: undecidedTeams[1]._id })).body).toEqual(error(409, MSG.correctionInProgress));
    expect((await correct(event._id, { winnerTeamId: undecidedTeams[0]._id })).body).toEqual(error(400, MSG.teamNotInEvent));
  });

  it('refuses a correction more than 48 hours after the decision (the clock given)', async () => {
    const { event, teams } = await settledEvent(0, STAKES.slice(0, 1));
    const { corrections, resettling, events } = await modules();
    const decidedAt = Date.parse((await events.getEvent(event._id, true))!.decidedAt!);
    const admin = { userId: (await operator.get('/user/current-user')).body.data._id, role: 'operator' as const };
    await expect(corrections.recordCorrection(event._id, { winnerTeamId: teams[1]._id }, admin, new Date(decidedAt + 48 * 3_600_000 + 1_000))).rejects.toMatchObject({
      code: 'correction-window-closed',
    });
    // Just inside the window it is recorded.
    const result = await corrections.recordCorrection(event._id, { winnerTeamId: teams[1]._id }, admin, new Date(decidedAt + 48 * 3_600_000 - 1_000));
    expect(result.correction).toBe(1);
    await resettling.correctEvent(event._id);
  });

  it('run twice at once and again: each bet moved once', async () => {
    const { event, teams, bettors } = await settledEvent(1);
    const { corrections, resettling } = await modules();
    const admin = { userId: (await operator.get('/user/current-user')).body.data._id, role: 'operator' as const };
    await corrections.recordCorrection(event._id, { winnerTeamId: teams[0]._id }, admin);
    const reports = await Promise.all([resettling.correctEvent(event._id), resettling.correctEvent(event._id)]);
    expect(reports[0].corrected + reports[1].corrected).toBe(bettors.length);
    expect((await resettling.correctEvent(event._id, { sweep: true })).corrected).toBe(0);
    await expectSettledAs(event._id, bettors, 0);
    expect(await checkInvariants(inject('cloudEnv'), scopeOf(event._id, event.teamIds, bettors))).toEqual([]);
  });

  it('finishes, exactly once, a correction killed half-way', async () => {
    const stakes = [...STAKES, ...STAKES.map(({ team, amount }) => ({ team: 1 - team, amount: amount + 1 }))];
    const { event, teams, bettors } = await settledEvent(0, stakes);
    const { corrections, resettling, events } = await modules();
    const admin = { userId: (await operator.get('/user/current-user')).body.data._id, role: 'operator' as const };
    await corrections.recordCorrection(event._id, { winnerTeamId: teams[1]._id }, admin);

    // One bet per transaction, stopped after the first commits (the worker killed).
    let moved = 0;
    const worker = new AbortController();
    const killed = resettling.correctEvent(event._id, {
      concurrency: 1,
      maxTransactItems: 6,
      signal: worker.signal,
      onBetCorrected: () => {
        moved++;
        worker.abort(new Error('worker killed'));
      },
    });
    await expect(killed).rejects.toThrow('worker killed');
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(moved).toBeLessThan(bettors.length);
    expect((await events.getEvent(event._id, true))?.settledGeneration).toBeUndefined();
    // Refused meanwhile: the bets are still being settled again.
    expect((await correct(event._id, { void: true })).body).toEqual(error(409, MSG.correctionInProgress));

    const rerun = await resettling.correctEvent(event._id);
    expect(moved + rerun.corrected).toBe(bettors.length);
    await expectSettledAs(event._id, bettors, 1);
    expect(await checkInvariants(inject('cloudEnv'), scopeOf(event._id, event.teamIds, bettors))).toEqual([]);
  });

  it('lets an organiser of the tournament correct it, and answers 403 to an organiser of another', async () => {
    const { event, teams, tournamentId } = await settledEvent(0, STAKES.slice(0, 1));
    const { tournamentId: otherTournament } = await createEvent(operator);
    const [ours, theirs] = await Promise.all([verifiedUser(), verifiedUser()]);
    for (const [user, tournament] of [
      [ours, tournamentId],
      [theirs, otherTournament],
    ] as const) {
      const email = (await user.client.get('/user/current-user')).body.data.email;
      expect((await operator.post(`/admin/tournaments/${tournament}/organisers`, { email })).status).toBeLessThan(300);
    }
    expect((await correct(event._id, { winnerTeamId: teams[1]._id }, theirs.client)).body).toEqual(error(403, MSG.forbidden));
    const bettor = await verifiedUser();
    expect((await correct(event._id, { winnerTeamId: teams[1]._id }, bettor.client)).status).toBe(403);
    expect((await correct(event._id, { winnerTeamId: teams[1]._id }, ours.client)).status).toBe(202);
    await waitUntilCorrected(event._id);
  });
});
