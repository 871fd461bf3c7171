import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COIN_BET_MAX, COIN_BET_MIN } from '#shared/constants.ts';
import { coinStakeProblem, isBettingOpen, isOffLineup, payoutFor, tournamentSchedule } from './betting-rules.ts';

const NOW = new Date('2025-03-01T12:00:00.000Z');
const LATER = '2025-03-01T12:00:01.000Z';
const EARLIER = '2025-03-01T11:59:59.000Z';

describe('coinStakeProblem', () => {
  it('accepts exactly the whole coins from 50 to 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), (amount) => {
        const accepted = coinStakeProblem(amount) === undefined;
        expect(accepted).toBe(amount >= COIN_BET_MIN && amount <= COIN_BET_MAX);
      }),
    );
  });

  it('names the problem: below the minimum check first, then fractions, then the limits', () => {
    expect(coinStakeProblem(9.5)).toBe('bet-below-minimum');
    expect(coinStakeProblem(-100)).toBe('bet-below-minimum');
    expect(coinStakeProblem(60.5)).toBe('bet-amount-not-whole');
    expect(coinStakeProblem(10)).toBe('bet-amount-out-of-range');
    expect(coinStakeProblem(1001)).toBe('bet-amount-out-of-range');
    expect(coinStakeProblem(50)).toBeUndefined();
    expect(coinStakeProblem(1000)).toBeUndefined();
  });
});

describe('isBettingOpen', () => {
  it('needs the switch on, no winner and a start time still ahead', () => {
    expect(isBettingOpen({ time: LATER, isBetActive: true }, NOW)).toBe(true);
    expect(isBettingOpen({ time: LATER, isBetActive: false }, NOW)).toBe(false);
    expect(isBettingOpen({ time: LATER, isBetActive: true, winnerTeamId: 't' }, NOW)).toBe(false);
    expect(isBettingOpen({ time: EARLIER, isBetActive: true }, NOW)).toBe(false);
    expect(isBettingOpen({ time: NOW.toISOString(), isBetActive: true }, NOW)).toBe(false);
  });
});

describe('payoutFor', () => {
  it('is floor(1.5 x stake): never less than the stake, never more than 1.5 x', () => {
    expect(payoutFor(50)).toBe(75);
    expect(payoutFor(51)).toBe(76);
    fc.assert(
      fc.property(fc.integer({ min: COIN_BET_MIN, max: COIN_BET_MAX }), (stake) => {
        const payout = payoutFor(stake);
        expect(Number.isInteger(payout)).toBe(true);
        expect(payout).toBeGreaterThan(stake);
        expect(payout).toBeLessThanOrEqual(stake * 1.5);
        expect(payout + 1).toBeGreaterThan(stake * 1.5);
      }),
    );
  });
});

describe('tournamentSchedule', () => {
  it('counts unfinished events and finds the soonest that has not started', () => {
    const events = [
      { time: '2025-03-05T10:00:00.000Z', isBetActive: true },
      { time: '2025-03-02T10:00:00.000Z', isBetActive: false },
      { time: EARLIER, isBetActive: true },
      { time: '2025-03-01T13:00:00.000Z', isBetActive: true, winnerTeamId: 'done' },
    ];
    expect(tournamentSchedule(events, NOW)).toEqual({ eventCount: 3, liveEventCount: 1, decidedEventCount: 1, soonestEventTime: '2025-03-02T10:00:00.000Z' });
    expect(tournamentSchedule([], NOW)).toEqual({ eventCount: 0, liveEventCount: 0, decidedEventCount: 0, soonestEventTime: null });
  });

  it('counts a match a correction replaced nowhere: the one in its place is counted', () => {
    const replaced = { time: '2025-03-05T10:00:00.000Z', isBetActive: false, isVoid: true, replacedBy: 'new-final' };
    const replacement = { time: '2025-03-05T10:00:00.000Z', isBetActive: true };
    expect(tournamentSchedule([replaced, replacement], NOW)).toEqual({ eventCount: 1, liveEventCount: 0, decidedEventCount: 0, soonestEventTime: replacement.time });
  });
});

describe('isOffLineup', () => {
  const event = { teamIds: ['a', 'b'] as const, lineupVersion: 3 };

  it('refunds a bet on a team the match no longer has, whenever it was placed', () => {
    expect(isOffLineup(event, { teamId: 'c', eventVersion: 5 })).toBe(true);
    expect(isOffLineup({ teamIds: ['a', 'b'] }, { teamId: 'c', eventVersion: 0 })).toBe(true);
  });

  it('refunds a bet placed before the teams last changed, even on a team still playing', () => {
    expect(isOffLineup(event, { teamId: 'a', eventVersion: 2 })).toBe(true);
    expect(isOffLineup(event, { teamId: 'a' })).toBe(true);
  });

  it('keeps a bet placed since, and every bet of a match whose teams never changed', () => {
    expect(isOffLineup(event, { teamId: 'a', eventVersion: 3 })).toBe(false);
    expect(isOffLineup(event, { teamId: 'b', eventVersion: 7 })).toBe(false);
    expect(isOffLineup({ teamIds: ['a', 'b'] }, { teamId: 'b' })).toBe(false);
  });
});
