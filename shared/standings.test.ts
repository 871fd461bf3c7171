import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointsRuleProblem, type PointsRule } from './sports.ts';
import { DEFAULT_POINTS, type MatchResult, standings, tieBreakText } from './standings.ts';

const FOOTBALL: PointsRule = { win: 3, draw: 1, loss: 0 };

const team = (id: string, name = id) => ({ id, name });
const teams = (...ids: string[]) => ids.map((id) => team(id));
/** A win for the first team, home, with the score when given (winner's first). */
const beat = (winner: string, loser: string, score?: [number, number]): MatchResult => ({
  home: winner,
  away: loser,
  winner,
  ...(score && { score: { home: score[0], away: score[1] } }),
});
const drew = (home: string, away: string, score?: [number, number]): MatchResult => ({
  home,
  away,
  winner: null,
  draw: true,
  ...(score && { score: { home: score[0], away: score[1] } }),
});
/** Rank, team, played/won/drawn/lost, scored-conceded, difference, points. */
const table = (rows: ReturnType<typeof standings>) =>
  rows.map((row) => `${row.rank} ${row.teamId} ${row.played}/${row.won}/${row.drawn}/${row.lost} ${row.scored}-${row.conceded} ${row.difference} ${row.points}`);

describe('standings', () => {
  it('gives 2 points a win, 1 a draw, none a loss by default, and nothing for a match without result', () => {
    expect(DEFAULT_POINTS).toEqual({ win: 2, draw: 1, loss: 0 });
    const rows = standings(teams('a', 'b', 'c'), [beat('a', 'b'), drew('b', 'c'), { home: 'a', away: 'c', winner: null }]);
    // b and c drew with each other and have no goals to part them: they share 2nd.
    expect(table(rows)).toEqual(['1 a 1/1/0/0 0-0 0 2', '2 b 2/0/1/1 0-0 0 1', '2 c 1/0/1/0 0-0 0 1']);
  });

  it('keeps a football table at 3 for a win and 1 for a draw, with goals', () => {
    const results = [beat('lions', 'hawks', [2, 0]), drew('hawks', 'bears', [1, 1]), beat('bears', 'lions', [3, 1]), drew('lions', 'wolves', [0, 0]), beat('hawks', 'wolves', [2, 1])];
    const rows = standings(teams('bears', 'hawks', 'lions', 'wolves'), results, FOOTBALL);
    expect(table(rows)).toEqual([
      // bears, hawks and lions are level on 4. Between them bears beat lions and drew with hawks (4), lions
      // beat hawks (3), and hawks drew with bears (1): that order, whatever their goal difference.
      '1 bears 2/1/1/0 4-2 2 4',
      '2 lions 3/1/1/1 3-3 0 4',
      '3 hawks 3/1/1/1 3-4 -1 4',
      '4 wolves 2/0/1/1 1-2 -1 1',
    ]);
  });

  it('puts the matches between teams level on points before goal difference', () => {
    // a and b have 4 each; a beat b, so a is above despite b's better difference. c and d never met: difference.
    const results = [beat('a', 'b', [1, 0]), beat('b', 'c', [5, 0]), drew('a', 'c', [0, 0]), drew('b', 'd', [0, 0])];
    expect(table(standings(teams('a', 'b', 'c', 'd'), results, FOOTBALL))).toEqual([
      '1 a 2/1/1/0 1-0 1 4',
      '2 b 3/1/1/1 5-1 4 4',
      '3 d 1/0/1/0 0-0 0 1',
      '4 c 2/0/1/1 0-5 -5 1',
    ]);
  });

  it('orders teams level on points and between themselves by difference, then by scored', () => {
    const results = [beat('a', 'x', [3, 0]), beat('b', 'x', [2, 0]), beat('c', 'x', [4, 2])];
    expect(standings(teams('a', 'b', 'c', 'x'), results).map((row) => [row.rank, row.teamId])).toEqual([
      [1, 'a'],
      [2, 'c'],
      [3, 'b'],
      [4, 'x'],
    ]);
  });

  it('applies the matches between level teams once: teams they leave level go to overall difference, not to their own match', () => {
    // a, b and c all have 7. Between the three a has 5, b and c 4 each with the same goals, though b beat c;
    // c's bigger win over d puts it above b.
    const results = [
      beat('a', 'b', [1, 0]),
      drew('a', 'b', [0, 0]),
      beat('c', 'a', [1, 0]),
      drew('c', 'a', [0, 0]),
      beat('b', 'c', [1, 0]),
      beat('b', 'd', [1, 0]),
      beat('c', 'd', [5, 0]),
      drew('a', 'd', [0, 0]),
      drew('d', 'a', [0, 0]),
    ];
    expect(table(standings(teams('a', 'b', 'c', 'd'), results, FOOTBALL))).toEqual([
      '1 a 6/1/4/1 1-1 0 7',
      '2 c 4/2/1/1 6-1 5 7',
      '3 b 4/2/1/1 2-1 1 7',
      '4 d 4/0/2/2 0-6 -6 2',
    ]);
  });

  it('separates teams level on points by their matches against each other, else they share the place', () => {
    // a, b and c each win twice; b beat both others, a beat c: b, a, c. d and e beat each other once: shared 4th.
    const results = [beat('b', 'a'), beat('b', 'c'), beat('a', 'c'), beat('a', 'd'), beat('c', 'e'), beat('c', 'd'), beat('d', 'e'), beat('e', 'd')];
    expect(standings(teams('a', 'b', 'c', 'd', 'e'), results).map((row) => `${row.rank} ${row.teamId}`)).toEqual(['1 b', '2 a', '3 c', '4 d', '4 e']);
  });

  it('lists teams still level by name and shares their place (1, 2, 2, 4)', () => {
    const named = [team('t1', 'Zebras'), team('t2', 'ants'), team('t3', 'Bees'), team('t4', 'Cats')];
    const rows = standings(named, [beat('t1', 't4'), beat('t1', 't2'), beat('t2', 't4'), beat('t3', 't4')]);
    expect(rows.map((row) => [row.rank, row.teamId])).toEqual([
      [1, 't1'],
      [2, 't2'],
      [2, 't3'],
      [4, 't4'],
    ]);
  });

  it('counts the outcome of a result without a score, and no goals for it', () => {
    const results = [beat('a', 'b'), beat('b', 'a', [2, 1]), drew('a', 'b'), { ...beat('a', 'b'), score: { home: -1, away: Number.NaN } }];
    expect(table(standings(teams('a', 'b'), results, FOOTBALL))).toEqual(['1 a 4/2/1/1 1-2 -1 7', '2 b 4/1/1/2 2-1 1 4']);
  });

  it('lists a team that has not played, and ignores results naming no listed team, a team against itself, a winner of neither side, or a draw with a winner', () => {
    const results: MatchResult[] = [
      beat('a', 'x', [1, 0]),
      beat('a', 'a', [1, 0]),
      { home: 'a', away: 'b', winner: 'x' },
      { home: 'a', away: 'b', winner: 'a', draw: true },
      { home: 'a', away: 'b', winner: null, draw: false, score: { home: 2, away: 2 } },
    ];
    expect(table(standings(teams('a', 'b'), results))).toEqual(['1 a 0/0/0/0 0-0 0 0', '1 b 0/0/0/0 0-0 0 0']);
  });

  it('describes the order in one sentence, in the sport’s unit', () => {
    expect(tieBreakText(FOOTBALL, 'goals')).toBe(
      'Teams are ordered by points (3 for a win, 1 for a draw), then points, goal difference and goals scored in the matches between the teams level on points, then goal difference, then goals scored; teams still level share the place and are listed by name.',
    );
    expect(tieBreakText({ win: 2, draw: 0, loss: 0 }, 'runs')).toMatch(/^Teams are ordered by points \(2 for a win\), .* then run difference, then runs scored; /);
    expect(tieBreakText({ win: 3, draw: 2, loss: 1 }, 'sets')).toMatch(/\(3 for a win, 2 for a draw, 1 for a loss\).* set difference/);
    expect(tieBreakText({ win: 3, draw: 1, loss: 1 }, 'points')).toMatch(/\(3 for a win, 1 for a draw or a loss\).* point difference.* points scored/);
    for (const unit of ['goals', 'runs', 'points', 'sets'] as const) expect(tieBreakText(DEFAULT_POINTS, unit)).toMatch(/^[A-Z][^.]*\.$/);
  });

  it('gives out the points the results earn, as many goals as it concedes, each team once, ranks from 1 without going back', () => {
    const points = fc.record({ win: fc.integer({ min: 0, max: 10 }), draw: fc.integer({ min: 0, max: 10 }), loss: fc.integer({ min: 0, max: 10 }) }).filter((rule) => pointsRuleProblem(rule) === undefined);
    const league = fc.integer({ min: 2, max: 8 }).chain((count) => {
      const ids = Array.from({ length: count }, (_, index) => `t${index}`);
      // Two different teams: the away side is 1 to count-1 places after the home side.
      const result = fc
        .tuple(fc.nat(count - 1), fc.integer({ min: 1, max: count - 1 }), fc.constantFrom('home', 'away', 'draw', 'void'), fc.option(fc.tuple(fc.nat(9), fc.nat(9)), { nil: undefined }))
        .map(([home, step, outcome, score]): MatchResult => {
          const [homeId, awayId] = [ids[home], ids[(home + step) % count]];
          return {
            home: homeId,
            away: awayId,
            winner: outcome === 'home' ? homeId : outcome === 'away' ? awayId : null,
            ...(outcome === 'draw' && { draw: true }),
            ...(score && { score: { home: score[0], away: score[1] } }),
          };
        });
      return fc.tuple(fc.constant(ids), fc.array(result, { maxLength: 30 }), fc.array(fc.constantFrom('Ants', 'bees', 'Bees', 'Cats'), { minLength: count, maxLength: count }));
    });
    fc.assert(
      fc.property(league, points, ([ids, results, names], rule) => {
        const rows = standings(
          ids.map((id, index) => team(id, names[index])),
          results,
          rule,
        );
        const decided = results.filter((result) => result.winner !== null).length;
        const drawn = results.filter((result) => result.draw === true).length;
        const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);

        expect(rows.map((row) => row.teamId).sort()).toEqual([...ids].sort());
        expect(sum((row) => row.played)).toBe(2 * (decided + drawn));
        expect(sum((row) => row.points)).toBe(decided * (rule.win + rule.loss) + drawn * 2 * rule.draw);
        expect(sum((row) => row.scored)).toBe(sum((row) => row.conceded));
        for (const row of rows) {
          expect(row.played).toBe(row.won + row.drawn + row.lost);
          expect(row.difference).toBe(row.scored - row.conceded);
          expect(row.points).toBe(row.won * rule.win + row.drawn * rule.draw + row.lost * rule.loss);
        }
        expect(rows[0].rank).toBe(1);
        rows.forEach((row, index) => {
          if (index === 0) return;
          const previous = rows[index - 1];
          expect(row.points).toBeLessThanOrEqual(previous.points);
          expect(row.rank).toBeGreaterThanOrEqual(previous.rank);
          // A place is shared, or it is the row's own position.
          expect([previous.rank, index + 1]).toContain(row.rank);
          if (row.points < previous.points) expect(row.rank).toBe(index + 1);
        });
      }),
    );
  });
});
