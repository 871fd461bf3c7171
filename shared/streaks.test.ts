import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type StreakBet, streakOf } from './streaks.ts';

/** Bets settled a minute apart, in the order given. */
const settled = (...statuses: string[]): StreakBet[] => statuses.map((status, i) => ({ status, settledAt: new Date(Date.UTC(2025, 0, 1, 12, i)).toISOString() }));

describe('streakOf', () => {
  it('is nothing without settled bets', () => {
    expect(streakOf([])).toEqual({ current: 0, best: 0 });
    expect(streakOf([{ status: 'pending' }])).toEqual({ current: 0, best: 0 });
  });

  it('counts won bets in a row; a lost one ends the run', () => {
    expect(streakOf(settled('won', 'won', 'won'))).toEqual({ current: 3, best: 3 });
    expect(streakOf(settled('won', 'won', 'lost'))).toEqual({ current: 0, best: 2 });
    expect(streakOf(settled('won', 'lost', 'won', 'won', 'won', 'lost', 'won'))).toEqual({ current: 1, best: 3 });
  });

  it('skips a refunded bet (draw, walkover, void): it neither extends nor ends the run', () => {
    expect(streakOf(settled('won', 'refunded', 'won'))).toEqual({ current: 2, best: 2 });
    expect(streakOf(settled('lost', 'refunded', 'refunded'))).toEqual({ current: 0, best: 0 });
  });

  it('orders bets by when they were settled, not as listed', () => {
    const [first, second, third] = settled('won', 'lost', 'won');
    expect(streakOf([third, first, second])).toEqual({ current: 1, best: 1 });
  });

  it('ignores a pending bet among settled ones', () => {
    expect(streakOf([...settled('won', 'won'), { status: 'pending' }])).toEqual({ current: 2, best: 2 });
  });

  it('never has a current run above the best, nor a best above the bets won', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('won', 'lost', 'refunded', 'pending')), (statuses) => {
        const { current, best } = streakOf(settled(...statuses));
        expect(current).toBeLessThanOrEqual(best);
        expect(best).toBeLessThanOrEqual(statuses.filter((s) => s === 'won').length);
        // The current run is the won bets after the last lost one.
        const lastLost = statuses.lastIndexOf('lost');
        expect(current).toBe(statuses.slice(lastLost + 1).filter((s) => s === 'won').length);
      }),
    );
  });
});
