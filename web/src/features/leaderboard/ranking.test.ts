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

  it('gives equal trophies one place (1, 1, 3) and its medal, listing them by name', () => {
    const rows = [
      { name: 'zara', trophy: 5 },
      { name: 'Arjun', trophy: 5 },
      { name: 'Meera', trophy: 3 },
      { name: 'bala', trophy: 2 },
      { name: 'Anil', trophy: 2 },
      { name: 'Chitra', trophy: 1 },
    ];
    expect(rankRows(rows).map(({ name, rank, medal }) => [name, rank, medal])).toEqual([
      ['Arjun', '#1', 'gold'],
      ['zara', '#1', 'gold'],
      ['Meera', '#3', 'bronze'],
      ['Anil', '#4', null],
      ['bala', '#4', null],
      ['Chitra', '#6', null],
    ]);
  });

  it("lists two teams of one name by their tournaments' titles", () => {
    const rows = [
      { name: 'Kaveri Hostel', trophy: 2, tournamentTitle: 'Inter-hostel Football' },
      { name: 'Kaveri Hostel', trophy: 2, tournamentTitle: 'Inter-hostel Cricket' },
    ];
    expect(rankRows(rows).map(({ tournamentTitle, rank }) => [tournamentTitle, rank])).toEqual([
      ['Inter-hostel Cricket', '#1'],
      ['Inter-hostel Football', '#1'],
    ]);
  });

  it('gives a second place silver when the first is alone, and a tie for second both silver', () => {
    const rows = [
      { name: 'A', trophy: 9 },
      { name: 'B', trophy: 4 },
      { name: 'C', trophy: 4 },
      { name: 'D', trophy: 1 },
    ];
    expect(rankRows(rows).map(({ rank, medal }) => [rank, medal])).toEqual([
      ['#1', 'gold'],
      ['#2', 'silver'],
      ['#2', 'silver'],
      ['#4', null],
    ]);
  });

  it('gives no medal to rows without a trophy, whatever their place', () => {
    const rows = [
      { name: 'A', trophy: 2 },
      { name: 'B', trophy: 0 },
      { name: 'C', trophy: 0 },
    ];
    expect(rankRows(rows).map(({ rank, medal }) => [rank, medal])).toEqual([
      ['#1', 'gold'],
      ['#2', null],
      ['#2', null],
    ]);
    expect(rankRows([{ name: 'New', trophy: 0 }, { name: 'Newer', trophy: 0 }]).map(({ rank, medal }) => [rank, medal])).toEqual([
      ['#1', null],
      ['#1', null],
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
