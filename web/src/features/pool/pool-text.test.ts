import { describe, expect, it } from 'vitest';
import type { PoolStake } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { isAmountProblem, quickAmounts, stakeAmountProblem, stakePayoutText, stakeStatusText } from './pool-text.ts';

const stake = (over: Partial<PoolStake>): PoolStake => ({
  tournamentId: 't-1',
  teamId: 'tapti',
  teamName: 'Tapti',
  amount: 100,
  status: 'accepted',
  createdAt: '2026-02-01T00:00:00.000Z',
  ...over,
});

describe('stakeStatusText', () => {
  it('reads a stake waiting for the champion as in play, or knocked out with its team', () => {
    expect(stakeStatusText(stake({ status: 'pending' }), false)).toBe('In play');
    expect(stakeStatusText(stake({}), false)).toBe('In play');
    expect(stakeStatusText(stake({}), true)).toBe('Knocked out');
  });

  it('reads a settled stake by its outcome, whatever its team', () => {
    expect(stakeStatusText(stake({ status: 'won' }), false)).toBe('Won');
    expect(stakeStatusText(stake({ status: 'lost' }), true)).toBe('Lost');
    expect(stakeStatusText(stake({ status: 'refunded' }), true)).toBe('Refunded');
  });
});

describe('stakePayoutText', () => {
  it('says what a won or refunded stake was paid', () => {
    expect(stakePayoutText(stake({ status: 'won', payout: 366 }))).toBe('Paid 366 coins');
    expect(stakePayoutText(stake({ status: 'refunded', payout: 100 }))).toBe('100 coins back');
    expect(stakePayoutText(stake({ status: 'refunded', payout: 1 }))).toBe('1 coin back');
  });

  it('says nothing before a payout, or for a lost stake', () => {
    expect(stakePayoutText(stake({}))).toBeNull();
    expect(stakePayoutText(stake({ status: 'lost', payout: 0 }))).toBeNull();
  });
});

describe('stakeAmountProblem', () => {
  it('checks the minimum as the bet screen does, and the coins held once known', () => {
    expect(stakeAmountProblem(9, 1000)).toBe(MSG.minBet);
    expect(stakeAmountProblem(Number.NaN, 1000)).toBe(MSG.minBet);
    expect(stakeAmountProblem(100, undefined)).toBeNull();
    expect(stakeAmountProblem(1001, 1000)).toBe(MSG.notEnoughCoins);
    expect(stakeAmountProblem(1000, 1000)).toBeNull();
  });

  it('knows the refusals about the amount', () => {
    expect(isAmountProblem(MSG.betAmountOutOfRange)).toBe(true);
    expect(isAmountProblem(MSG.poolClosed)).toBe(false);
  });
});

describe('quickAmounts', () => {
  it('offers 100, 250 and 500 below the most allowed, then the most allowed: the coins held, at most 1000', () => {
    expect(quickAmounts(5000)).toEqual({ amounts: [100, 250, 500], most: 1000 });
    expect(quickAmounts(880)).toEqual({ amounts: [100, 250, 500], most: 880 });
    expect(quickAmounts(250)).toEqual({ amounts: [100], most: 250 });
    expect(quickAmounts(75)).toEqual({ amounts: [], most: 75 });
  });

  it('offers none below the smallest stake', () => {
    expect(quickAmounts(49)).toEqual({ amounts: [], most: null });
  });
});
