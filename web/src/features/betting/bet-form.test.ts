import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { betAmountProblem, defaultBetAmount, parseCreateBetQuery } from './bet-form.ts';

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
