// The bank invariant (issue 6), in the spirit of Jepsen's bank test: K users do random concurrent bets
// (valid and not), withdrawals, operator credits (some repeating a creditId), withdrawal decisions
// (some doubled), prizes reversed (some doubled: reversed once; the part already spent or withdrawn a debt
// that later prizes repay first), cup pool stakes (some landing as the organiser closes the pool; its
// share and re-shares checked to the coin), fixes of a match's teams, results and voids (several events settled at once for the same
// bettors: a round's results declared together), corrections of earlier results (while bettors keep spending, so
// some payouts taken back are written off), through the local gateway's HTTP API, from a printed seed
// (BANK_SEED=<n> replays it). After every phase, once settlement is done, the table is read and the
// money invariants checked on this test's own users and events (tests/reliability/support.ts).
// `npm test` runs a quick version; `npm run test:long` (BANK_LONG=1) a longer one.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import type { AdminEvent, AdminTeam, GameEvent, ScorerLink } from '#shared/api.ts';
import { SCORER_TOKEN_HEADER } from '#shared/constants.ts';
import { type ApiClient, type ApiResponse, createClient } from '../helpers/api.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { createEvents, createTeam, createTournament, hoursFromNow, operatorClient } from '../integration/game-flows.ts';
import { checkInvariants, invariantProblems, type Item, type Rng, prng, runLimited, type Scope, scanAll, seedFrom, itemsOf, waitForPoolShares, waitForSettlement } from './support.ts';

const LONG = process.env.BANK_LONG === '1';
const SIZE = LONG ? { users: 20, events: 8, ops: 600, phases: 8, concurrency: 10 } : { users: 8, events: 3, ops: 90, phases: 3, concurrency: 6 };
const TIME_LIMIT_MS = LONG ? 15 * 60_000 : 60_000;

interface User {
  client: ApiClient;
  userId: string;
}

interface Log {
  /** Answers of 5xx or none at all: never acceptable without faults. */
  serverErrors: string[];
  /** Bets placed (201), `${userId}|${eventId}`: the only bets the table may hold. */
  bets: string[];
  withdrawals: { id: string; userId: string }[];
  /** creditId -> how many answers said applied. */
  credits: Map<string, { userId: string; applied: number }>;
  decisions: Map<string, number>;
  /** creditId -> how many reversals of it answered 200. */
  reversals: Map<string, number>;
  /** Cup stakes answered 201, `${userId}|${teamId}`, and those refunded as they landed (the pool closed under them). */
  stakes: string[];
  stakesRefundedAsLanded: string[];
  counts: Record<string, number>;
}

const INVALID_AMOUNTS = [5, 49, 50.5, 1001, -100, 0];
const UPI = 'bettor@okbank';

describe('bank invariant', () => {
  it(`holds after every phase of random concurrent operations (${LONG ? 'long' : 'quick'})`, { timeout: TIME_LIMIT_MS + 60_000 }, async () => {
    const seed = seedFrom('BANK_SEED', 'bank');
    const rng = prng(seed);
    const env = inject('cloudEnv');
    const started = Date.now();

    const operator = await operatorClient();
    const users: User[] = await Promise.all(Array.from({ length: SIZE.users }, () => verifiedUser()));
    const events = await createEvents(operator, SIZE.events);
    // Teams an organiser's fix may put into a match in place of one of its own.
    const spares = [(await createTeam(operator))._id, (await createTeam(operator))._id];
    const scope: Scope = { userIds: users.map((u) => u.userId), eventIds: events.map((e) => e._id), teamIds: [...new Set([...events.flatMap((e) => e.teamIds), ...spares])] };
    const log: Log = { serverErrors: [], bets: [], withdrawals: [], credits: new Map(), decisions: new Map(), reversals: new Map(), stakes: [], stakesRefundedAsLanded: [], counts: {} };
    const undecided = [...events];
    // A referee's scorer link for the league's matches: their results come through it now and then.
    const link = await operator.post<{ data: ScorerLink }>(`/admin/tournaments/${events[0].tournamentId}/scorer-links`, { name: 'Bank referee', eventIds: events.map((e) => e._id) });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const referee = createClient(inject('baseUrl'));
    const refereeHeaders = { [SCORER_TOKEN_HEADER]: new URL(link.body.data.url).hash.slice(1) };

    // A 4-team knockout (issue 21 §6): its semi-finals are bet on, decided and corrected like any event; a
    // result carries its winner into the final, which opens for bets once both are known (and then joins
    // the events bet on); a correction of a semi-final re-fills the final, or voids it (refunding its bets)
    // and puts a new one in its place, which joins in turn.
    const knockoutId = (await createTournament(operator))._id;
    const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${knockoutId}/teams/bulk`, {
      teams: [1, 2, 3, 4].map((n) => ({ teamName: `Bank seed ${n} ${randomUUID().slice(0, 6)}`, members: [] })),
    });
    const seeded = entered.body.data.created.map((team) => team._id);
    const schedule = Object.fromEntries(['R1-M1', 'R1-M2', 'R2-M1'].map((key, i) => [key, { startsAt: hoursFromNow(30 + i) }]));
    const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${knockoutId}/format`, { format: { kind: 'knockout' }, seededTeamIds: seeded, schedule });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const knockoutIds = new Set(published.body.data.events.map((e) => e._id));
    const semis = published.body.data.events.filter((e) => e.teamIds.length === 2);
    events.push(...semis);
    undecided.push(...semis);
    scope.eventIds.push(...knockoutIds);
    scope.teamIds.push(...seeded);
    // Its cup pool: stakes on any of its teams while it is open, closed by the organiser now and then, shared
    // when the final is decided and shared again when a correction changes the champion.
    scope.tournamentIds = [knockoutId];
    /** The knockout's matches students can bet on now (a final once open, its replacement): into the pool; a replaced one out of the undecided. */
    const discoverKnockout = async () => {
      const listed = (await operator.get<{ data: GameEvent[] }>(`/game/event-list?tournamentId=${knockoutId}`)).body.data;
      for (const game of listed) {
        knockoutIds.add(game._id);
        if (!scope.eventIds.includes(game._id)) scope.eventIds.push(game._id);
        if (events.some((e) => e._id === game._id)) continue;
        const event = { _id: game._id, tournamentId: knockoutId, teamIds: [game.teams[0]._id, game.teams[1]._id], time: game.time } as AdminEvent;
        events.push(event);
        if (!game.decidedAt) undecided.push(event);
      }
      for (const event of [...undecided]) if (knockoutIds.has(event._id) && !listed.some((g) => g._id === event._id)) undecided.splice(undecided.indexOf(event), 1);
    };
    // Some cash to withdraw: a first prize for every user (recorded like any credit).
    await Promise.all(
      users.map(async (user) => {
        const creditId = randomUUID();
        const res = await operator.post(`/admin/users/${user.userId}/credit`, { cash: rng.int(20, 150), reason: 'Bank test stake', creditId });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        log.credits.set(creditId, { userId: user.userId, applied: 1 });
      }),
    );

    /** Records an answer: counts it by operation and status, and keeps any 5xx. */
    const note = async (op: string, answer: Promise<ApiResponse>): Promise<ApiResponse | undefined> => {
      try {
        const res = await answer;
        log.counts[`${op} ${res.status}`] = (log.counts[`${op} ${res.status}`] ?? 0) + 1;
        if (res.status >= 500) log.serverErrors.push(`${op}: ${res.status} ${JSON.stringify(res.body)}`);
        return res;
      } catch (error) {
        log.serverErrors.push(`${op}: ${(error as Error).message}`);
        return undefined;
      }
    };

    const betOp = (r: Rng) => {
      const user = r.pick(users);
      const event = r.pick(events);
      const invalid = r.chance(0.25);
      const body = {
        eventId: event._id,
        teamId: invalid && r.chance(0.3) ? scope.teamIds.find((id) => !(event.teamIds as readonly string[]).includes(id)) ?? randomUUID() : r.pick(event.teamIds),
        betWay: invalid && r.chance(0.2) ? 'cash' : 'coin',
        amount: invalid ? r.pick(INVALID_AMOUNTS) : r.int(50, 400),
      };
      return async () => {
        const res = await note('bet', user.client.post('/bet/create-new', body));
        if (res?.status === 201) log.bets.push(`${user.userId}|${event._id}`);
      };
    };
    const withdrawOp = (r: Rng) => {
      const user = r.pick(users);
      const amount = r.chance(0.15) ? r.pick([5, 10.001, -20]) : r.int(10, 80);
      return async () => {
        const res = await note('withdraw', user.client.post('/wallet/create-withdraw', { amount, upiId: UPI }));
        if (res?.status === 201) log.withdrawals.push({ id: res.body.data._id, userId: user.userId });
      };
    };
    const creditOp = (r: Rng) => {
      const user = r.pick(users);
      const previous = [...log.credits.entries()].filter(([, c]) => c.userId === user.userId);
      const creditId = previous.length > 0 && r.chance(0.3) ? r.pick(previous)[0] : randomUUID();
      const body = { coins: r.pick([0, r.int(1, 300)]), cash: r.pick([0, r.int(10, 120)]), reason: 'Bank test prize', creditId };
      if (body.coins === 0 && body.cash === 0) body.coins = 25;
      const twice = r.chance(0.2);
      return async () => {
        const send = async () => {
          const res = await note('credit', operator.post(`/admin/users/${user.userId}/credit`, body));
          if (res?.status !== 200) return;
          const entry = log.credits.get(creditId) ?? { userId: user.userId, applied: 0 };
          if (res.body.data.applied) entry.applied++;
          log.credits.set(creditId, entry);
        };
        await Promise.all(twice ? [send(), send()] : [send()]);
      };
    };
    const decideOp = (r: Rng) => {
      const paid = r.chance(0.5);
      const body = paid ? { status: 'paid', reference: `UTR${r.int(1000, 9999)}` } : { status: 'rejected', reason: 'Bank test rejection' };
      const twice = r.chance(0.25);
      const choice = r.next();
      return async () => {
        if (log.withdrawals.length === 0) return;
        const { id } = log.withdrawals[Math.floor(choice * log.withdrawals.length)];
        const send = async () => {
          const res = await note('decide', operator.patch(`/admin/withdrawals/${id}`, body));
          if (res?.status === 200) log.decisions.set(id, (log.decisions.get(id) ?? 0) + 1);
        };
        await Promise.all(twice ? [send(), send()] : [send()]);
      };
    };
    // A prize reversed (the operator credited it by mistake): taken back whole, what is no longer there a
    // debt; refused (409) when it was reversed already, so a doubled reversal reverses once.
    const reverseOp = (r: Rng) => {
      const choice = r.next();
      const twice = r.chance(0.25);
      return async () => {
        const applied = [...log.credits.entries()].filter(([, c]) => c.applied > 0);
        if (applied.length === 0) return;
        const [creditId, { userId }] = applied[Math.floor(choice * applied.length)];
        const send = async () => {
          const res = await note('reverse', operator.post(`/admin/users/${userId}/prizes/${creditId}/reversal`, { reason: 'Bank test mistake' }));
          expect([200, 409], JSON.stringify(res?.body)).toContain(res?.status);
          if (res?.status === 200) log.reversals.set(creditId, (log.reversals.get(creditId) ?? 0) + 1);
        };
        await Promise.all(twice ? [send(), send()] : [send()]);
      };
    };
    /**
     * A result as organisers record them: a win with or without a score, a void or an abandoned match, a
     * walkover, and (a league match) a draw; a knockout's level score names who went through.
     */
    const resultBody = (r: Rng, event: (typeof events)[number]): object => {
      const knockout = knockoutIds.has(event._id);
      const x = r.next();
      const winner = r.int(0, 1);
      const high = r.int(1, 5);
      const low = r.int(0, high - 1);
      const score = winner === 0 ? { home: high, away: low } : { home: low, away: high };
      if (x < 0.2) return r.chance(0.5) ? { void: true } : { void: true, abandoned: true };
      if (x < 0.3) return { winnerTeamId: event.teamIds[winner], walkover: true };
      if (x < 0.45 && !knockout) return { draw: true, score: { home: low, away: low } };
      if (x < 0.5 && knockout) return { winnerTeamId: event.teamIds[winner], score: { home: high, away: high }, note: 'on penalties' };
      return r.chance(0.7) ? { winnerTeamId: event.teamIds[winner], score } : { winnerTeamId: event.teamIds[winner] };
    };
    // A decided event's result corrected to another outcome; 409 while its settlement (or an earlier
    // correction) still runs, or once it has been corrected to this very outcome by a doubled op.
    const decidedEvents: (typeof events)[number][] = [];
    const correctOp = (r: Rng) => {
      const choice = r.next();
      const pick = r.next();
      return async () => {
        if (decidedEvents.length === 0) return;
        // A decided semi-final half the time, when there is one: its correction re-fills or replaces the final.
        const semisDecided = decidedEvents.filter((e) => semis.includes(e));
        const from = semisDecided.length > 0 && pick < 0.5 ? semisDecided : decidedEvents;
        const event = from[Math.floor(choice * from.length)];
        // Any kind of result, a score alone included (the same winner by another score moves no coin).
        const res = await note('correct', operator.post(`/admin/events/${event._id}/correct-result`, resultBody(prng(Math.floor(pick * 2 ** 31)), event)));
        expect([202, 400, 409], JSON.stringify(res?.body)).toContain(res?.status);
      };
    };
    const resultOp = (r: Rng, event: (typeof events)[number]) => {
      const body = resultBody(r, event);
      // A league match's result comes from its referee a third of the time: confirmed, or disputed and then decided.
      const byReferee = !knockoutIds.has(event._id) && r.chance(0.35);
      const confirm = r.chance(0.6);
      return async () => {
        if (byReferee) {
          const { winnerTeamId, draw, score } = body as { winnerTeamId?: string; draw?: true; score?: { home: number; away: number } };
          if (score && !('walkover' in body)) {
            const sent = await note('referee-end', referee.post(`/scorer/matches/${event._id}/end`, { ...(draw ? { draw } : { winnerTeamId }), score, takenAt: Date.now() }, { headers: refereeHeaders }));
            expect(sent?.status, JSON.stringify(sent?.body)).toBe(200);
            if (confirm) {
              const confirmed = await note('referee-confirm', operator.post(`/admin/events/${event._id}/provisional/confirm`));
              expect(confirmed?.status, JSON.stringify(confirmed?.body)).toBe(202);
              decidedEvents.push(event);
              return;
            }
            const disputed = await note('referee-dispute', operator.post(`/admin/events/${event._id}/provisional/dispute`));
            expect(disputed?.status, JSON.stringify(disputed?.body)).toBe(200);
          }
        }
        const res = await note('result', operator.post(`/admin/events/${event._id}/result`, body));
        // A knockout final voided and replaced by a correction in the same phase has its result already.
        if (knockoutIds.has(event._id) && res?.status === 409) return;
        expect(res?.status, JSON.stringify(res?.body)).toBe(202);
        decidedEvents.push(event);
      };
    };
    /** Results declared in the same moment (a round's parallel courts), counted each as its own result. */
    const roundOp = (results: (() => Promise<void>)[]) => async () => {
      if (results.length > 1) log.counts[`round of ${results.length}`] = (log.counts[`round of ${results.length}`] ?? 0) + 1;
      await Promise.all(results.map((result) => result()));
    };
    // An organiser's fix of an undecided match's teams (never the one this phase decides): refused (409)
    // once anyone has bet on it; when it goes through while a bet is on its way, that bet is refused if
    // the edit closed the gates first, or refunded by settlement as placed on the old lineup (the checker
    // expects exactly that).
    const editTeamsOp = (r: Rng) => {
      const choice = r.next();
      const side = r.int(0, 1);
      const pick = r.next();
      return async () => {
        // A knockout match's teams come from its bracket (refused, 409): the edits are of the other events.
        const editable = undecided.filter((e) => !knockoutIds.has(e._id));
        if (editable.length === 0) return;
        const event = editable[Math.floor(choice * editable.length)];
        const candidates = [...spares, ...new Set(events.filter((e) => !knockoutIds.has(e._id)).flatMap((e) => e.teamIds))].filter((id) => !(event.teamIds as readonly string[]).includes(id));
        const teamIds = [...event.teamIds] as [string, string];
        teamIds[side] = candidates[Math.floor(pick * candidates.length)];
        const res = await note('edit-teams', operator.patch<{ data: (typeof events)[number] }>(`/admin/events/${event._id}`, { teamIds }));
        expect([200, 409], JSON.stringify(res?.body)).toContain(res?.status);
        if (res?.status === 200) event.teamIds = res.body.data.teamIds;
      };
    };
    const stakeOp = (r: Rng) => {
      const user = r.pick(users);
      const invalid = r.chance(0.2);
      const body = { tournamentId: knockoutId, teamId: invalid && r.chance(0.4) ? randomUUID() : r.pick(seeded), amount: invalid ? r.pick(INVALID_AMOUNTS) : r.int(50, 300) };
      return async () => {
        const res = await note('stake', user.client.post('/pool/stake', body));
        if (res?.status === 201) log.stakes.push(`${user.userId}|${body.teamId}`);
        if (res?.status === 409 && res.body.message === MSG.poolStakeRefundedClosed) log.stakesRefundedAsLanded.push(`${user.userId}|${body.teamId}`);
      };
    };
    // The organiser closes the cup pool now (a stake on its way is refunded as it lands), moves its close,
    // or now and then calls it off (every stake back, by a share of its own).
    const poolOp = (r: Rng) => {
      const x = r.next();
      const body = x < 0.08 ? { callOff: true } : x < 0.3 ? { closeNow: true } : { closesAt: hoursFromNow(r.int(1, 20)) };
      return async () => {
        const res = await note('pool', operator.put(`/admin/tournaments/${knockoutId}/pool`, body));
        expect([200, 409], JSON.stringify(res?.body)).toContain(res?.status);
      };
    };
    const generators = [
      { weight: 5, op: betOp },
      { weight: 2, op: stakeOp },
      { weight: 1, op: poolOp },
      { weight: 2, op: editTeamsOp },
      { weight: 2, op: withdrawOp },
      { weight: 2, op: creditOp },
      { weight: 2, op: decideOp },
      { weight: 1, op: reverseOp },
      { weight: 1, op: correctOp },
    ];
    const totalWeight = generators.reduce((sum, g) => sum + g.weight, 0);
    const randomOp = (r: Rng) => {
      let x = r.next() * totalWeight;
      for (const g of generators) if ((x -= g.weight) < 0) return g.op(r);
      return generators[0].op(r);
    };

    const opsPerPhase = Math.ceil(SIZE.ops / SIZE.phases);
    for (let phase = 1; phase <= SIZE.phases; phase++) {
      const tasks = Array.from({ length: opsPerPhase }, () => randomOp(rng));
      // The phase's result (while some remain undecided) lands at a random point among the operations.
      // Knockout matches first, more often than not, so that winners advance (and get corrected) in a quick run too.
      const knockoutLeft = undecided.filter((e) => knockoutIds.has(e._id));
      const from = knockoutLeft.length > 0 && rng.chance(0.6) ? knockoutLeft : undecided;
      const choice = from.length > 0 && (phase === SIZE.phases || rng.chance(SIZE.events / SIZE.phases)) ? from[rng.int(0, from.length - 1)] : undefined;
      const decided = choice && undecided.splice(undecided.indexOf(choice), 1)[0];
      // A round of results declared at once (the first phase's, and now and then another's): two or three
      // events more, whose settlements meet on the same bettors' wallets and profiles.
      const round = decided && (phase === 1 || rng.chance(0.3)) ? rng.shuffle(undecided).slice(0, rng.int(1, 2)) : [];
      for (const event of round) undecided.splice(undecided.indexOf(event), 1);
      if (decided) tasks.splice(rng.int(Math.floor(tasks.length / 2), tasks.length), 0, roundOp([decided, ...round].map((event) => resultOp(rng, event))));
      await runLimited(tasks, SIZE.concurrency);
      await discoverKnockout();
      await waitForSettlement(env, scope, 30_000);
      const problems = await checkInvariants(env, scope);
      expect(problems, `phase ${phase}, seed ${seed}`).toEqual([]);
      expect(log.serverErrors, `phase ${phase}, seed ${seed}`).toEqual([]);
      if (Date.now() - started > TIME_LIMIT_MS) break;
    }

    // Every share the pool asked for done (it waits out the stakes on their way after the close), then the invariants again.
    await waitForPoolShares(env, scope);
    expect(await checkInvariants(env, scope), `after the pool's share, seed ${seed}`).toEqual([]);

    // What the answers said agrees with the table.
    const items = itemsOf(await scanAll(env), scope);
    const stakesInTable = items.filter((i) => i.entity === 'pool-stake').map((stake) => `${stake.userId}|${stake.teamId}`);
    expect(stakesInTable.sort(), `seed ${seed}`).toEqual([...log.stakes, ...log.stakesRefundedAsLanded].sort());
    const betsInTable = items.filter((i) => i.entity === 'bet');
    const keyOf = (b: Item) => `${b.userId}|${b.eventId}`;
    expect(betsInTable.map(keyOf).sort(), `seed ${seed}: every bet in the table was answered 201, and only those`).toEqual([...log.bets].sort());
    const prizeEntries = items.filter((i) => i.entity === 'ledger' && i.kind === 'prize').map((e) => e.entryId.slice('prize#'.length));
    expect(prizeEntries.sort(), `seed ${seed}`).toEqual([...log.credits].filter(([, c]) => c.applied > 0).map(([id]) => id).sort());
    expect([...log.credits.values()].filter((c) => c.applied > 1), `seed ${seed}: a creditId applied twice`).toEqual([]);
    expect([...log.decisions.values()].filter((n) => n > 1), `seed ${seed}: a withdrawal decided twice`).toEqual([]);
    const reversalEntries = items.filter((i) => i.entity === 'ledger' && i.kind === 'prize-reversal').map((e) => e.entryId.slice('prize-reversal#'.length));
    expect(reversalEntries.sort(), `seed ${seed}`).toEqual([...log.reversals.keys()].sort());
    expect([...log.reversals.values()].filter((n) => n > 1), `seed ${seed}: a prize reversed twice`).toEqual([]);
    const withdrawalsInTable = items.filter((i) => i.entity === 'withdrawal').map((w) => w.id);
    expect(withdrawalsInTable.sort()).toEqual(log.withdrawals.map((w) => w.id).sort());
    const decidedInTable = items.filter((i) => i.entity === 'withdrawal' && i.status !== 'pending').map((w) => w.id);
    expect(decidedInTable.sort()).toEqual([...log.decisions.keys()].sort());

    // The checker is not vacuous: a coin too many in one wallet, or a second pending withdrawal, is found.
    const all = await scanAll(env);
    const wallet = all.find((i) => i.entity === 'wallet' && i.userId === users[0].userId)!;
    expect(invariantProblems(all.map((i) => (i === wallet ? { ...i, coins: i.coins + 1 } : i)), scope).join('\n')).toContain(`wallet of user ${users[0].userId}: coins`);
    const fakePending = [0, 1].map((n) => ({ pk: `USER#${users[0].userId}`, sk: `WITHDRAWAL#fake${n}`, entity: 'withdrawal', id: `fake${n}`, userId: users[0].userId, status: 'pending', amountPaise: 0 }));
    expect(invariantProblems([...all, ...fakePending], scope).join('\n')).toMatch(/: [2-9] pending withdrawals/);
    // A stake's payout a coin off its share entries is found too.
    const aStake = all.find((i) => i.entity === 'pool-stake' && scope.userIds.includes(i.userId));
    if (aStake) expect(invariantProblems(all.map((i) => (i === aStake ? { ...i, payout: (i.payout ?? 0) + 1 } : i)), scope).join('\n')).toContain('its share entries add up to');

    const finalsOpened = events.filter((e) => knockoutIds.has(e._id)).length - semis.length;
    console.log(`[bank] seed ${seed}: knockout finals opened ${finalsOpened}, matches ${knockoutIds.size}, cup stakes ${log.stakes.length}; ${Object.entries(log.counts).sort().map(([k, n]) => `${k}:${n}`).join(' ')} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  });
});
