import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinPays, coinPaysText, type PoolStakeLine, sharePool, wouldPay } from './pool-shares.ts';

const stake = (id: string, teamId: string, amount: number, createdAt = `2026-01-01T00:00:0${id.length}Z`): PoolStakeLine => ({ id, teamId, amount, createdAt });

describe('sharePool', () => {
  it('shares the pool among the champion\'s stakes in proportion to their size', () => {
    const shares = sharePool([stake('a', 'T', 100), stake('b', 'T', 300), stake('c', 'G', 400)], ['T']);
    expect(Object.fromEntries(shares)).toEqual({ a: 200, b: 600, c: 0 });
  });

  it('gives the coins rounding leaves to the largest stake, the earliest of equal ones', () => {
    // 100 over three equal stakes of 10 and one of 20 on T: 20, 20, 20, 40 = 100 exactly.
    const exact = sharePool([stake('a', 'T', 10), stake('b', 'T', 10), stake('c', 'T', 10), stake('d', 'T', 20), stake('e', 'G', 50)], ['T']);
    expect([...exact.values()].reduce((s, n) => s + n, 0)).toBe(100);
    // 100 over three stakes of 10: 33 each, one coin left, to the earliest.
    const early = [stake('x', 'T', 10, '2026-01-01T00:00:03Z'), stake('y', 'T', 10, '2026-01-01T00:00:01Z'), stake('z', 'T', 10, '2026-01-01T00:00:02Z'), stake('w', 'G', 70)];
    expect(Object.fromEntries(sharePool(early, ['T']))).toEqual({ x: 33, y: 34, z: 33, w: 0 });
    // The largest gets the remainder over an earlier smaller one.
    const largest = sharePool([stake('s', 'T', 10, '2026-01-01T00:00:00Z'), stake('l', 'T', 20, '2026-01-01T00:00:09Z'), stake('o', 'G', 70)], ['T']);
    expect(Object.fromEntries(largest)).toEqual({ s: 33, l: 67, o: 0 });
  });

  it('pays every stake back when nobody backed the champion, or there is none', () => {
    const stakes = [stake('a', 'T', 100), stake('b', 'G', 40)];
    expect(Object.fromEntries(sharePool(stakes, ['X']))).toEqual({ a: 100, b: 40 });
    expect(Object.fromEntries(sharePool(stakes, []))).toEqual({ a: 100, b: 40 });
  });

  it('shares between joint champions like one', () => {
    expect(Object.fromEntries(sharePool([stake('a', 'T', 50), stake('b', 'G', 50), stake('c', 'K', 100)], ['T', 'G']))).toEqual({ a: 100, b: 100, c: 0 });
  });

  it('conserves the pool to the coin, never pays a loser, never pays a winner less than the stake', () => {
    const teams = ['A', 'B', 'C', 'D'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ teamId: fc.constantFrom(...teams), amount: fc.integer({ min: 10, max: 1000 }), second: fc.integer({ min: 0, max: 59 }) }), { maxLength: 60 }),
        fc.subarray(teams),
        (lines, champions) => {
          const stakes = lines.map((line, i) => stake(`s${i}`, line.teamId, line.amount, `2026-01-01T00:00:${String(line.second).padStart(2, '0')}Z`));
          const shares = sharePool(stakes, champions);
          const total = stakes.reduce((s, x) => s + x.amount, 0);
          const paid = [...shares.values()].reduce((s, n) => s + n, 0);
          const anyBacked = stakes.some((x) => champions.includes(x.teamId));
          expect(paid).toBe(total);
          for (const x of stakes) {
            const payout = shares.get(x.id)!;
            expect(Number.isInteger(payout)).toBe(true);
            if (!anyBacked) expect(payout).toBe(x.amount);
            else if (!champions.includes(x.teamId)) expect(payout).toBe(0);
            else expect(payout).toBeGreaterThanOrEqual(x.amount);
          }
        },
      ),
    );
  });
});

describe('coinPays', () => {
  it('is the pool over the stakes on the team, none while nobody backed it', () => {
    expect(coinPays(1000, 250)).toBe(4);
    expect(coinPays(1000, 0)).toBeNull();
    expect(coinPaysText(coinPays(1000, 300))).toBe('1 coin pays 3.3');
    expect(coinPaysText(null)).toBe('No stakes yet');
    expect(coinPaysText(250)).toBe('1 coin pays 250');
  });
});

describe('wouldPay', () => {
  it('is the stake’s part of the pool it joins, rounded down', () => {
    // 1000 in the pool, 200 on the team: 100 more makes 1100, of which 100/300.
    expect(wouldPay(1000, 200, 100)).toBe(366);
    // The first stake on a team takes the whole pool.
    expect(wouldPay(1000, 0, 100)).toBe(1100);
    // The only stakes: your own back.
    expect(wouldPay(0, 0, 100)).toBe(100);
  });

  it('is nothing for no positive whole amount', () => {
    expect(wouldPay(1000, 200, 0)).toBeNull();
    expect(wouldPay(1000, 200, -5)).toBeNull();
    expect(wouldPay(1000, 200, 2.5)).toBeNull();
    expect(wouldPay(1000, 200, Number.NaN)).toBeNull();
  });
});
