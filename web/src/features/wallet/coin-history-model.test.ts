import { describe, expect, it } from 'vitest';
import { CHART, chartGeometry, entryLabel, entryTarget } from './coin-history-model.ts';

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
