import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standings, TIE_BREAK_TEXT, WIN_POINTS, type MatchResult } from './standings.ts';

const team = (id: string, name = id) => ({ id, name });
const beat = (winner: string, loser: string): MatchResult => ({ home: winner, away: loser, winner });
const table = (rows: ReturnType<typeof standings>) => rows.map((row) => `${row.rank} ${row.teamId} ${row.played}/${row.won}/${row.lost}/${row.points}`);

describe('standings', () => {
  it('gives 2 points a win, none a loss, and nothing for a match without result', () => {
    const rows = standings([team('a'), team('b'), team('c')], [beat('a', 'b'), beat('a', 'c'), { home: 'b', away: 'c', winner: null }]);
    expect(table(rows)).toEqual(['1 a 2/2/0/4', '2 b 1/0/1/0', '2 c 1/0/1/0']);
    expect(WIN_POINTS).toBe(2);
  });

  it('separates teams level on points by their matches against each other, else they share the place', () => {
    // a, b and c each win twice; b beat both others, a beat c: b, a, c. d and e beat each other once: shared 4th.
    const results = [beat('b', 'a'), beat('b', 'c'), beat('a', 'c'), beat('a', 'd'), beat('c', 'e'), beat('c', 'd'), beat('d', 'e'), beat('e', 'd')];
    const rows = standings(['a', 'b', 'c', 'd', 'e'].map((id) => team(id)), results);
    expect(table(rows)).toEqual(['1 b 2/2/0/4', '2 a 3/2/1/4', '3 c 4/2/2/4', '4 d 4/1/3/2', '4 e 3/1/2/2']);
  });

  it('lists teams still level by name and shares their place (1, 2, 2, 4)', () => {
    const teams = [team('t1', 'Zebras'), team('t2', 'ants'), team('t3', 'Bees'), team('t4', 'Cats')];
    const rows = standings(teams, [beat('t1', 't4'), beat('t1', 't2'), beat('t2', 't4'), beat('t3', 't4')]);
    expect(rows.map((row) => [row.rank, row.teamId])).toEqual([
      [1, 't1'],
      [2, 't2'],
      [2, 't3'],
      [4, 't4'],
    ]);
  });

  it('lists a team that has not played, and ignores results naming no listed team or won by neither side', () => {
    const rows = standings([team('a'), team('b')], [beat('a', 'x'), { home: 'a', away: 'b', winner: 'x' }]);
    expect(table(rows)).toEqual(['1 a 0/0/0/0', '1 b 0/0/0/0']);
  });

  it('describes the order in one sentence', () => {
    expect(TIE_BREAK_TEXT).toMatch(/^[A-Z][^.]*\.$/);
  });

  it('counts two played a decided match, 2 points a win, and ranks from 1 without going back', () => {
    const league = fc.integer({ min: 2, max: 8 }).chain((count) => {
      const ids = Array.from({ length: count }, (_, index) => `t${index}`);
      // Two different teams: the away side is 1 to count-1 places after the home side.
      const result = fc
        .tuple(fc.nat(count - 1), fc.integer({ min: 1, max: count - 1 }), fc.constantFrom('home', 'away', 'void'))
        .map(([home, step, outcome]): MatchResult => {
          const [homeId, awayId] = [ids[home], ids[(home + step) % count]];
          return { home: homeId, away: awayId, winner: outcome === 'void' ? null : outcome === 'home' ? homeId : awayId };
        });
      return fc.tuple(fc.constant(ids), fc.array(result, { maxLength: 30 }), fc.array(fc.constantFrom('Ants', 'bees', 'Bees', 'Cats'), { minLength: count, maxLength: count }));
    });
    fc.assert(
      fc.property(league, ([ids, results, names]) => {
        const rows = standings(ids.map((id, index) => team(id, names[index])), results);
        const decided = results.filter((result) => result.winner !== null).length;
        expect(rows.map((row) => row.teamId).sort()).toEqual([...ids].sort());
        expect(rows.reduce((sum, row) => sum + row.played, 0)).toBe(2 * decided);
        for (const row of rows) {
          expect(row.points).toBe(2 * row.won);
          expect(row.played).toBe(row.won + row.lost);
        }
        expect(rows[0].rank).toBe(1);
        rows.forEach((row, index) => {
          if (index === 0) return;
          const previous = rows[index - 1];
          expect(row.points).toBeLessThanOrEqual(previous.points);
          // A place is shared, or it is the row's own position.
          expect([previous.rank, index + 1]).toContain(row.rank);
          if (row.points < previous.points) expect(row.rank).toBe(index + 1);
        });
      }),
    );
  });
});
