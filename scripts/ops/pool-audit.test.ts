import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '#functions/data/ledger.ts';
import { checkPools } from './pool-audit.ts';

const entry = (userId: string, entryId: string, kind: string, coins: number): LedgerEntry => ({ userId, entryId, kind, coins, cashPaise: 0, createdAt: '2026-01-01T00:00:00Z' }) as LedgerEntry;
const stake = (userId: string, teamId: string, amount: number, fields: object) => ({ entity: 'pool-stake', userId, tournamentId: 't', teamId, teamName: teamId, amount, createdAt: `2026-01-01T00:00:0${userId.length}Z`, acceptedAt: '2026-01-01T00:01:00Z', ...fields });

// 110 on A (50 + 60), 70 on B: A wins, 180 shared as 81 and 99 (the largest stake takes the coin left over).
const pool = { entity: 'pool', tournamentId: 't', teamIds: ['A', 'B'], championIds: ['A'], shareVersion: 1, sharedVersion: 1, createdAt: '2026-01-01T00:00:00Z' };
const items = [
  pool,
  stake('u', 'A', 50, { status: 'won', shareVersion: 1, payout: 81 }),
  stake('vv', 'A', 60, { status: 'won', shareVersion: 1, payout: 99 }),
  stake('www', 'B', 70, { status: 'lost', shareVersion: 1, payout: 0 }),
];
const ledger = [
  entry('u', 'pool-stake#t#A', 'pool-stake', -50),
  entry('vv', 'pool-stake#t#A', 'pool-stake', -60),
  entry('www', 'pool-stake#t#B', 'pool-stake', -70),
  entry('u', 'pool-share#t#A#1', 'pool-share', 81),
  entry('vv', 'pool-share#t#A#1', 'pool-share', 99),
];

describe('the pools audit', () => {
  it('finds nothing wrong with a pool shared to the coin', () => {
    expect(checkPools(items, ledger)).toEqual([]);
  });

  it('finds a payout its entries do not make, a share that loses a coin, and a stake left behind', () => {
    const offByOne = items.map((item) => ('userId' in item && item.userId === 'u' ? { ...item, payout: 80 } : item));
    expect(checkPools(offByOne, ledger).join('\n')).toMatch(/paid 80, its share entries add up to 81[\s\S]*the share gives 81[\s\S]*179 paid out of a pool of 180/);
    const behind = items.map((item) => ('userId' in item && item.userId === 'www' ? { ...item, status: 'accepted', shareVersion: undefined } : item));
    expect(checkPools(behind, ledger).join('\n')).toContain('on share none, the pool\'s is 1');
    expect(checkPools(items, ledger.slice(1)).join('\n')).toContain('stake entry none, expected -50');
  });
});
