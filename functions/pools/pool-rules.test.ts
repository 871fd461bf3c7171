import { describe, expect, it } from 'vitest';
import type { PoolRecord } from '#functions/data/pools.ts';
import { closeTimeOf, isPoolOpen, poolStatusOf, teamProblem } from './pool-rules.ts';

const pool = (fields: Partial<PoolRecord> = {}): PoolRecord => ({ tournamentId: 't', teamIds: ['a', 'b', 'c'], shareVersion: 0, createdAt: '2026-01-01T00:00:00Z', ...fields });
const now = new Date('2026-05-01T10:00:00Z');
const later = { time: '2026-05-01T12:00:00Z' };
const earlier = { time: '2026-05-01T09:00:00Z' };

describe('the pool rules', () => {
  it('closes at the organiser\'s time, else at its match\'s start', () => {
    expect(closeTimeOf(pool(), later)).toBe(later.time);
    expect(closeTimeOf(pool({ closesAt: '2026-05-02T00:00:00Z' }), later)).toBe('2026-05-02T00:00:00Z');
    expect(isPoolOpen(pool(), later, now)).toBe(true);
    expect(isPoolOpen(pool(), earlier, now)).toBe(false);
    expect(isPoolOpen(pool({ closesAt: '2026-05-01T11:00:00Z' }), earlier, now)).toBe(true);
  });

  it('is closed for good once closed, called off or decided', () => {
    expect(isPoolOpen(pool({ closedAt: '2026-05-01T09:30:00Z' }), later, now)).toBe(false);
    expect(isPoolOpen(pool({ calledOff: true }), later, now)).toBe(false);
    expect(isPoolOpen(pool({ championIds: ['a'] }), later, now)).toBe(false);
  });

  it('takes stakes only on its teams still in the cup', () => {
    expect(teamProblem(pool(), 'a')).toBeUndefined();
    expect(teamProblem(pool(), 'z')).toBe('pool-team-not-in');
    expect(teamProblem(pool({ outTeamIds: ['b'] }), 'b')).toBe('pool-team-out');
  });

  it('stands open, closed, shared or refunded', () => {
    expect(poolStatusOf(pool(), later, 0, now)).toBe('open');
    expect(poolStatusOf(pool(), earlier, 0, now)).toBe('closed');
    expect(poolStatusOf(pool({ championIds: ['a'] }), earlier, 100, now)).toBe('shared');
    expect(poolStatusOf(pool({ championIds: ['a'] }), earlier, 0, now)).toBe('refunded');
    expect(poolStatusOf(pool({ calledOff: true }), later, 100, now)).toBe('refunded');
  });
});
