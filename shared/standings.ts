// A league or group table from its results: won, drawn or lost, with the score when one was recorded, and a
// match with no result (void, abandoned) counting for nobody. Pure, so the page and the functions agree.
import { type PointsRule, type ScoreUnit, scoreUnitLabel } from './sports.ts';

/** Points when a tournament sets none: the old win/loss table's 2 for a win, and 1 for a draw. */
export const DEFAULT_POINTS: PointsRule = Object.freeze({ win: 2, draw: 1, loss: 0 });

/** Names in a fixed order whatever the device's locale, so the page and the functions list them alike. */
const compareText = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

export type StandingsTeam = { id: string; name: string };

/**
 * A match's result: `winner` is the winning team's id; a draw has `draw` true and no winner; no winner and
 * no draw is a match without result. `score` is optional: a result without it still counts its outcome.
 */
export type MatchResult = { home: string; away: string; winner: string | null; draw?: boolean; score?: { home: number; away: number } };

export type StandingsRow = {
  teamId: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  difference: number;
  points: number;
  rank: number;
};

const pointsText = ({ win, draw, loss }: PointsRule) => {
  const parts = [`${win} for a win`];
  if (draw !== loss) parts.push(`${draw} for a draw`);
  if (loss !== 0) parts.push(draw === loss ? `${loss} for a draw or a loss` : `${loss} for a loss`);
  return parts.join(', ');
};

/** The order of the table in one sentence, for the page to show under it. */
export function tieBreakText(points: PointsRule, scoreUnit: ScoreUnit): string {
  const difference = `${scoreUnitLabel(scoreUnit, 1)} difference`;
  const scored = `${scoreUnitLabel(scoreUnit, 2)} scored`;
  return (
    `Teams are ordered by points (${pointsText(points)}), then points, ${difference} and ${scored} in the matches between the teams level on points, ` +
    `then ${difference}, then ${scored}; teams still level share the place and are listed by name.`
  );
}

/** A result the table counts: between two listed teams, a win for one side or a draw; its score only when it is one. */
type CountedResult = { home: string; away: string; winner: string | null; score?: { home: number; away: number } };

const isGoalCount = (value: number) => Number.isInteger(value) && value >= 0;

function countedResults(listed: ReadonlySet<string>, results: readonly MatchResult[]): CountedResult[] {
  return results.flatMap(({ home, away, winner, draw, score }) => {
    if (home === away || !listed.has(home) || !listed.has(away)) return [];
    const decided = draw === true ? winner === null : winner === home || winner === away;
    if (!decided) return [];
    // The score counts as recorded even when it disagrees with the outcome (a walkover, a tie settled by a super over).
    const counted = score !== undefined && isGoalCount(score.home) && isGoalCount(score.away);
    return [{ home, away, winner, ...(counted && { score: { home: score.home, away: score.away } }) }];
  });
}

/** Each listed team's row, from the results counted (the overall table, or a head-to-head mini-table). */
function tally(teamIds: Iterable<string>, results: readonly CountedResult[], points: PointsRule): Map<string, StandingsRow> {
  const rows = new Map<string, StandingsRow>();
  for (const teamId of teamIds) {
    rows.set(teamId, { teamId, played: 0, won: 0, drawn: 0, lost: 0, scored: 0, conceded: 0, difference: 0, points: 0, rank: 0 });
  }
  for (const { home, away, winner, score } of results) {
    const sides = [
      { row: rows.get(home), scored: score?.home, conceded: score?.away },
      { row: rows.get(away), scored: score?.away, conceded: score?.home },
    ];
    for (const { row, scored, conceded } of sides) {
      if (!row) continue;
      row.played++;
      if (winner === null) {
        row.drawn++;
        row.points += points.draw;
      } else if (winner === row.teamId) {
        row.won++;
        row.points += points.win;
      } else {
        row.lost++;
        row.points += points.loss;
      }
      row.scored += scored ?? 0;
      row.conceded += conceded ?? 0;
      row.difference = row.scored - row.conceded;
    }
  }
  return rows;
}

/**
 * The table, best first: by points; then, among the teams level on points, a mini-table of only the matches
 * between them (its points, then its difference, then its scored); then overall difference; then overall
 * scored. The mini-table is applied once, to each group level on points, not again to the teams it leaves
 * level, so the order stays easy to state. Teams level after all that share `rank` (1, 2, 2, 4) and are
 * listed by name. A result naming a team not in `teams`, a team against itself, a winner that is neither
 * side, or a draw with a winner counts for nobody.
 */
export function standings(teams: readonly StandingsTeam[], results: readonly MatchResult[], points: PointsRule = DEFAULT_POINTS): StandingsRow[] {
  const nameOf = new Map(teams.map((team) => [team.id, team.name]));
  const counted = countedResults(new Set(nameOf.keys()), results);
  const rows = tally(nameOf.keys(), counted, points);

  const levelOnPoints = new Map<number, string[]>();
  for (const row of rows.values()) levelOnPoints.set(row.points, [...(levelOnPoints.get(row.points) ?? []), row.teamId]);
  const headToHead = new Map<string, StandingsRow>();
  for (const level of levelOnPoints.values()) {
    const members = new Set(level);
    const between = counted.filter(({ home, away }) => members.has(home) && members.has(away));
    for (const [teamId, row] of tally(level, between, points)) headToHead.set(teamId, row);
  }

  // Bigger is better for every criterion, in order.
  const criteria = (row: StandingsRow) => {
    const mini = headToHead.get(row.teamId)!;
    return [row.points, mini.points, mini.difference, mini.scored, row.difference, row.scored];
  };
  const compareCriteria = (a: StandingsRow, b: StandingsRow) => {
    const [x, y] = [criteria(a), criteria(b)];
    const index = x.findIndex((value, i) => value !== y[i]);
    return index === -1 ? 0 : y[index] - x[index];
  };
  const byName = (a: StandingsRow, b: StandingsRow) => compareText(nameOf.get(a.teamId)!, nameOf.get(b.teamId)!) || compareText(a.teamId, b.teamId);

  const ordered = [...rows.values()].sort((a, b) => compareCriteria(a, b) || byName(a, b));
  ordered.forEach((row, index) => {
    const previous = ordered[index - 1] as StandingsRow | undefined;
    row.rank = previous !== undefined && compareCriteria(previous, row) === 0 ? previous.rank : index + 1;
  });
  return ordered;
}
