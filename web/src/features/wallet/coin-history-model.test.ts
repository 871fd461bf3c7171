import { describe, expect, it } from 'vitest';
import type { LedgerEntryView } from '#shared/api.ts';
import { CHART, chartGeometry, entryLabel, entryTarget, moneyRows } from './coin-history-model.ts';

describe('entryLabel', () => {
  it('names every kind the server writes', () => {
    expect(['welcome', 'bet', 'payout', 'refund', 'prize', 'withdrawal', 'withdrawal-refund'].map(entryLabel)).toEqual([
      'Welcome bonus',
      'Bet placed',
      'Bet won',
      'Stake refunded',
      'Prize',
      'Withdrawal',
      'Withdrawal returned',
    ]);
  });

  it('names a kind it does not know by itself instead of failing', () => {
    expect(entryLabel('late-fee')).toBe('Late fee');
    expect(entryLabel('bonus_round')).toBe('Bonus round');
    expect(entryLabel('')).toBe('Other');
  });
});

describe('entryTarget', () => {
  it("links a bet's entries to its receipt and a withdrawal's to its order row", () => {
    expect(entryTarget({ type: 'bet', eventId: 'e1' })).toEqual({ href: '/confirm-betting?id=e1', label: 'Bet receipt', inPage: false });
    expect(entryTarget({ type: 'withdrawal', withdrawalId: 'w1' })).toEqual({ href: '#order-w1', label: 'See order', inPage: true });
    expect(entryTarget(null)).toBeNull();
  });
});

describe('chartGeometry', () => {
  const at = (day: number, coinsAfter: number) => ({ createdAt: `2024-01-0${day}T00:00:00.000Z`, coinsAfter });

  it('draws steps by time from the lowest balance at the bottom to the highest at the top, whatever the order given', () => {
    const chart = chartGeometry([at(3, 900), at(1, 1000), at(2, 1100)])!;
    const bottom = CHART.height - CHART.bottom;
    expect(chart.points).toEqual([
      { x: CHART.left, y: 60 },
      { x: CHART.left + (CHART.width - CHART.left - CHART.right) / 2, y: CHART.top },
      { x: CHART.width - CHART.right, y: bottom },
    ]);
    expect(chart.line).toBe(`M6 60H160V8H314V112H314`);
    expect(chart.area).toBe(`${chart.line}V112H6Z`);
    expect([chart.min, chart.max]).toEqual([900, 1100]);
  });

  it('puts a single entry or a flat history in the middle, and has nothing to draw without entries', () => {
    expect(chartGeometry([at(1, 1000)])!.points).toEqual([{ x: 160, y: 60 }]);
    expect(chartGeometry([at(1, 5), at(2, 5)])!.points.map((point) => point.y)).toEqual([60, 60]);
    expect(chartGeometry([])).toBeNull();
  });
});

describe('moneyRows', () => {
  const entry = (kind: string, coins: number, cash: number, coinsAfter: number, cashAfter: number): LedgerEntryView => ({
    _id: kind,
    kind,
    coins,
    cash,
    coinsAfter,
    cashAfter,
    createdAt: '2024-01-01T00:00:00.000Z',
    note: null,
    link: null,
  });
  const entries = [
    entry('withdrawal', 0, -40, 1100, 60),
    entry('prize', 50, 100, 1100, 100),
    entry('correction', 0, 0, 1050, 0),
    entry('bet', -100, 0, 1050, 0),
    entry('welcome', 1000, 0, 1150, 0),
  ];

  it('keeps coins and rupees apart: each balance lists only what moved it, with its own running balance', () => {
    expect(moneyRows(entries, 'coins').map(({ entry: e, change, after }) => [e.kind, change, after])).toEqual([
      ['prize', 50, 1100],
      ['correction', 0, 1050],
      ['bet', -100, 1050],
      ['welcome', 1000, 1150],
    ]);
    expect(moneyRows(entries, 'cash').map(({ entry: e, change, after }) => [e.kind, change, after])).toEqual([
      ['withdrawal', -40, 60],
      ['prize', 100, 100],
    ]);
  });
});
