import { describe, expect, it } from 'vitest';
import { betOutcome } from './bet-outcome.ts';

describe('betOutcome', () => {
  it('a won bet shows plus 1.5 times the stake', () => {
    expect(betOutcome({ amount: 100, isOver: true, isWin: true })).toEqual({ tone: 'won', sign: '+', amount: 150 });
    expect(betOutcome({ amount: 75, isOver: true, isWin: true }).amount).toBe(112);
  });

  it('a lost bet shows minus the stake', () => {
    expect(betOutcome({ amount: 100, isOver: true, isWin: false })).toEqual({ tone: 'lost', sign: '-', amount: 100 });
  });

  it('an undecided bet shows the stake with no sign', () => {
    expect(betOutcome({ amount: 60, isOver: false })).toEqual({ tone: 'pending', sign: '', amount: 60 });
  });

  it('a refunded bet (voided event) shows the stake with no sign, not as a loss', () => {
    expect(betOutcome({ amount: 80, isOver: true, isWin: false, isRefunded: true })).toEqual({ tone: 'refunded', sign: '', amount: 80 });
  });
});
