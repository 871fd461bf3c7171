import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { betAmountProblem, defaultBetAmount, isAmountProblem, parseCreateBetQuery, quickAmounts, winningsFor } from './bet-form.ts';

const query = (init: Record<string, string>) => new URLSearchParams(init);
const valid = { mode: 'coin', teamId: 't-1', eventId: 'e-1', team: 'Ganga United' };

describe('parseCreateBetQuery', () => {
  it('accepts both modes with ids and a team', () => {
    expect(parseCreateBetQuery(query(valid))).toEqual(valid);
    expect(parseCreateBetQuery(query({ ...valid, mode: 'cash' }))?.mode).toBe('cash');
  });

  it('refuses another mode, a missing id or a missing team', () => {
    expect(parseCreateBetQuery(query({ ...valid, mode: 'card' }))).toBeNull();
    for (const name of ['mode', 'teamId', 'eventId', 'team']) {
      const params = query(valid);
      params.delete(name);
      expect(parseCreateBetQuery(params)).toBeNull();
    }
    expect(parseCreateBetQuery(query({ ...valid, team: '  ' }))).toBeNull();
  });
});

describe('bet amount', () => {
  it('defaults to 50 coins or 10 rupees', () => {
    expect(defaultBetAmount('coin')).toBe(50);
    expect(defaultBetAmount('cash')).toBe(10);
  });

  it('warns below the minimum check of 10, and for no number at all', () => {
    expect(betAmountProblem(9)).toBe(MSG.minBet);
    expect(betAmountProblem(Number.NaN)).toBe(MSG.minBet);
    expect(betAmountProblem(10)).toBeNull();
    expect(betAmountProblem(500)).toBeNull();
  });
});

describe('quick amounts', () => {
  it('offers 100, 250 and 500 below the most allowed, then the most allowed: the coins held, at most 1000', () => {
    expect(quickAmounts(1000)).toEqual({ amounts: [100, 250, 500], most: 1000 });
    expect(quickAmounts(5000)).toEqual({ amounts: [100, 250, 500], most: 1000 });
    expect(quickAmounts(880)).toEqual({ amounts: [100, 250, 500], most: 880 });
    expect(quickAmounts(250)).toEqual({ amounts: [100], most: 250 });
    expect(quickAmounts(75)).toEqual({ amounts: [], most: 75 });
  });

  it('offers none below the smallest bet', () => {
    expect(quickAmounts(49)).toEqual({ amounts: [], most: null });
    expect(quickAmounts(0)).toEqual({ amounts: [], most: null });
  });
});

describe('winningsFor', () => {
  it('pays 1.5 times a whole stake, rounded down, and nothing for an empty, fractional or negative one', () => {
    expect(winningsFor('100')).toBe(150);
    expect(winningsFor('155')).toBe(232);
    expect(winningsFor('')).toBeNull();
    expect(winningsFor('12.5')).toBeNull();
    expect(winningsFor('-5')).toBeNull();
  });
});

describe('isAmountProblem', () => {
  it('tells refusals of the amount from the others', () => {
    expect(isAmountProblem(MSG.notEnoughCoins)).toBe(true);
    expect(isAmountProblem(MSG.betAmountOutOfRange)).toBe(true);
    expect(isAmountProblem(MSG.bettingClosed)).toBe(false);
    expect(isAmountProblem(MSG.alreadyBet)).toBe(false);
  });
});
