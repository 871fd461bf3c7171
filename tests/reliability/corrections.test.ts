// Corrections never mint or lose a coin (issue 19 §1), as a property over random sequences: a decided
// event's result corrected to other outcomes and to void, again and again, while its bettors spend
// their coins on other matches. After every step, against the local cloud: each wallet is what a model
// of the rule says (a debit takes at most what is there, the house writes off the rest as the bet's
// debt, a later credit to the bet repays that debt first), never negative, equal to its ledger (the
// operators' audit and the bank checker agree); and what each bettor holds is exactly what the last
// outcome alone would have given them, given their spending, plus the debt the house still carries.
// Some sequences start with the match's teams changed after both bets (the change's look at the bets
// index missed them, as it may while the index lags): both bets are then refunded by the first result and
// stay refunded through every correction (issue 21 §7). Some sequences have a crowd of four more bettors
// on team 0, so that bettor 1 alone on team 1 is the underdog (1 of 6): a win of team 1 pays them the
// underdog bonus too, and every correction moves it with the payout.
// `npm test` runs a few sequences; `npm run test:long` (BANK_LONG=1) many more. CORRECTIONS_SEED replays.
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { COIN_BET_MAX, COIN_BET_MIN, UNDERDOG_BONUS_COINS } from '#shared/constants.ts';
import { payoutFor } from '#functions/betting/betting-rules.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createEvent, createEvents, createTeam, operatorClient } from '../integration/game-flows.ts';
import { placeBets, settlementModules, waitFor, waitUntilSettled, WELCOME, walletOf } from '../integration/settlement-flows.ts';
import { checkInvariants, seedFrom } from './support.ts';

const LONG = process.env.BANK_LONG === '1';
const RUNS = LONG ? 25 : 2;
/** Matches a bettor can spend on, one bet each. */
const OTHER_EVENTS = 3;

/**
 * A team's win (0, 1; 'again-0': team 0's win by another score, which moves no coin), a void, a draw, or a
 * walkover ('walkover-0': team 0's), the last three returning the stakes.
 */
type Outcome = 0 | 1 | 'again-0' | 'void' | 'draw' | 'walkover-0' | 'walkover-1';
type Step = { kind: 'correct'; to: Outcome } | { kind: 'spend'; bettor: 0 | 1; amount: number };

/** A coin stake the bet rules allow. */
const stakeArb = fc.integer({ min: COIN_BET_MIN, max: COIN_BET_MAX });
const outcomeArb = fc.constantFrom<Outcome>(0, 1, 'again-0', 'void', 'draw', 'walkover-0', 'walkover-1');
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('correct' as const), to: outcomeArb }),
  fc.record({ kind: fc.constant('spend' as const), bettor: fc.constantFrom<0 | 1>(0, 1), amount: stakeArb }),
);

/** One bettor as the rule sees them: coins, the house's write-off still owed on the bet, what they spent elsewhere. */
interface Model {
  team: 0 | 1;
  stake: number;
  coins: number;
  debt: number;
  spent: number;
  /** Bet before the match's teams were changed: refunded whatever the outcome. */
  offLineup: boolean;
  /** Fewer than 20% of the match's bettors backed this bettor's team: a win pays the underdog bonus too. */
  underdog: boolean;
}

/** What the bettor's bet brings back under `outcome`. */
const worth = ({ team, stake, offLineup, underdog }: Model, outcome: Outcome) => {
  if (offLineup || typeof outcome === 'string' && outcome !== 'again-0') return stake;
  return (outcome === 'again-0' ? 0 : outcome) === team ? payoutFor(stake) + (underdog ? UNDERDOG_BONUS_COINS : 0) : 0;
};

function applyCorrection(model: Model, from: Outcome, to: Outcome): void {
  const change = worth(model, to) - worth(model, from);
  if (change < 0) {
    const taken = Math.min(-change, model.coins);
    model.debt += -change - taken;
    model.coins -= taken;
  } else {
    const repaid = Math.min(model.debt, change);
    model.debt -= repaid;
    model.coins += change - repaid;
  }
}

describe('corrections property', () => {
  it(`every sequence of corrections, voids and spending leaves each bettor what the last outcome alone gives (${RUNS} sequences, a changed lineup and an underdog)`, { timeout: (RUNS + 2) * 150_000 }, async () => {
    const seed = seedFrom('CORRECTIONS_SEED', 'corrections');
    const operator: ApiClient = await operatorClient();
    const { events, bets } = await settlementModules();

    const sequence = async (first: Outcome, stakes: [number, number], steps: Step[], lineupChanged: boolean, crowd: boolean) => {
      const { event, teams } = await createEvent(operator);
      const others = await createEvents(operator, OTHER_EVENTS);
      const bettors = await placeBets(event, [
        { team: 0, amount: stakes[0] },
        { team: 1, amount: stakes[1] },
      ]);
      // The crowd on team 0 (outside the model: only their bets count, in the split).
      if (crowd) await placeBets(event, Array.from({ length: 4 }, () => ({ team: 0, amount: COIN_BET_MIN })));
      // The teams the outcomes name: the away team replaced, for a changed lineup, as the edit writes it.
      const winners = teams.map((team) => team._id);
      if (lineupChanged) {
        const read = (await events.getEvent(event._id, true))!;
        winners[1] = (await createTeam(operator))._id;
        const changed = await events.updateEvent(event._id, { teamIds: [winners[0], winners[1]], lineupVersion: events.bettingVersionOf(read) + 1 }, [], events.bettingVersionOf(read));
        expect(changed?.teamIds).toEqual(winners);
      }
      const models: Model[] = bettors.map((b) => ({ team: b.team as 0 | 1, stake: b.amount, coins: WELCOME - b.amount, debt: 0, spent: 0, offLineup: lineupChanged, underdog: crowd && b.team === 1 }));
      const outcomeBody = (outcome: Outcome) => {
        if (outcome === 'void') return { void: true };
        if (outcome === 'draw') return { draw: true, score: { home: 1, away: 1 } };
        if (outcome === 'walkover-0' || outcome === 'walkover-1') return { winnerTeamId: winners[outcome === 'walkover-0' ? 0 : 1], walkover: true };
        if (outcome === 'again-0') return { winnerTeamId: winners[0], score: { home: 3, away: 0 } };
        return { winnerTeamId: winners[outcome], score: outcome === 0 ? { home: 2, away: 1 } : { home: 1, away: 2 } };
      };
      expect((await operator.post(`/admin/events/${event._id}/result`, outcomeBody(first))).status).toBe(202);
      await waitUntilSettled(event._id);
      for (const model of models) model.coins += worth(model, first);

      let current = first;
      let generation = 0;
      const betsOn = [0, 0];
      const scope = { userIds: bettors.map((b) => b.userId), eventIds: [event._id, ...others.map((e) => e._id)], teamIds: [...new Set([...event.teamIds, ...winners])] };
      for (const [index, step] of steps.entries()) {
        const where = `seed ${seed}, step ${index + 1} of ${JSON.stringify(steps)} (first ${first}, stakes ${stakes.join(',')}${lineupChanged ? ', lineup changed' : ''}${crowd ? ', underdog' : ''})`;
        if (step.kind === 'correct') {
          if (step.to === current) continue;
          const answer = await operator.post(`/admin/events/${event._id}/correct-result`, outcomeBody(step.to));
          expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(202);
          generation++;
          await waitFor(() => events.getEvent(event._id, true), (e) => e?.settledGeneration === generation);
          for (const model of models) applyCorrection(model, current, step.to);
          current = step.to;
        } else {
          const model = models[step.bettor];
          const amount = Math.min(step.amount, model.coins);
          if (amount < COIN_BET_MIN || betsOn[step.bettor] === OTHER_EVENTS) continue;
          const other = others[betsOn[step.bettor]++];
          const placed = await bettors[step.bettor].client.post('/bet/create-new', { eventId: other._id, teamId: other.teamIds[0], betWay: 'coin', amount });
          expect(placed.status, `${where}: ${JSON.stringify(placed.body)}`).toBe(201);
          model.coins -= amount;
          model.spent += amount;
        }
        for (const [i, model] of models.entries()) {
          const coins = (await walletOf(bettors[i].client)).totalCoins;
          expect(coins, `${where}: bettor ${i}`).toBe(model.coins);
          expect(coins).toBeGreaterThanOrEqual(0);
          // The rule itself: the last outcome alone, the spending, and the write-off the house still carries.
          const debt = (await bets.getBet(bettors[i].userId, event._id))?.writtenOff ?? 0;
          expect(debt, `${where}: bettor ${i}'s debt`).toBe(model.debt);
          expect(coins, `${where}: bettor ${i}`).toBe(WELCOME - model.stake + worth(model, current) - model.spent + debt);
        }
        expect(await checkInvariants(inject('cloudEnv'), scope), where).toEqual([]);
      }
    };

    await fc.assert(
      fc.asyncProperty(outcomeArb, fc.tuple(stakeArb, stakeArb), fc.array(stepArb, { minLength: 2, maxLength: LONG ? 10 : 6 }), fc.boolean(), fc.boolean(), sequence),
      {
        numRuns: RUNS,
        seed,
        endOnFailure: true,
        // Always one changed lineup, whatever the seed draws: a win, a correction to the new team, a void, spending.
        // And one underdog: its win with the bonus, spent, taken back (written off), paid again.
        examples: [
          [0, [120, 300], [{ kind: 'correct', to: 1 }, { kind: 'spend', bettor: 1, amount: 700 }, { kind: 'correct', to: 'void' }], true, false],
          [1, [120, 300], [{ kind: 'spend', bettor: 1, amount: 1000 }, { kind: 'correct', to: 0 }, { kind: 'correct', to: 1 }], false, true],
        ],
      },
    );
  });
});
