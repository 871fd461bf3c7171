import { describe, expect, it } from 'vitest';
import { parseBoard, rankRows } from './ranking.ts';

describe('rankRows', () => {
  it('numbers rows by position and gives the top three their medals', () => {
    const rows = ['A', 'B', 'C', 'D'].map((name, i) => ({ name, trophy: 10 - i }));
    expect(rankRows(rows).map(({ rank, medal }) => [rank, medal])).toEqual([
      ['#1', 'gold'],
      ['#2', 'silver'],
      ['#3', 'bronze'],
      ['#4', null],
    ]);
  });

  it('keeps the name and trophies, and handles an empty board', () => {
    expect(rankRows([{ name: 'Ganga United', trophy: 3 }])).toEqual([{ name: 'Ganga United', trophy: 3, rank: '#1', medal: 'gold' }]);
    expect(rankRows([])).toEqual([]);
  });
});

describe('parseBoard', () => {
  it('reads teams and bettors, nothing else', () => {
    expect(parseBoard('teams')).toBe('teams');
    expect(parseBoard('bettors')).toBe('bettors');
    expect(parseBoard(null)).toBeNull();
    expect(parseBoard('players')).toBeNull();
  });
});
