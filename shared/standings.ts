// A league or group table from its results. Cricket-like: a match is won or lost, never drawn, and a
// match with no result (void, washed out) counts for nobody. Pure, so the page and the functions agree.

export const WIN_POINTS = 2;
export const LOSS_POINTS = 0;

/** The order of the table in a sentence, for the page to show under it. */
export const TIE_BREAK_TEXT =
  `Teams are ordered by points (${WIN_POINTS} for a win), then wins, then wins in the matches between the teams still level; teams level after that share the place and are listed by name.`;

/** Names in a fixed order whatever the device's locale, so the page and the functions list them alike. */
const compareText = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

export type StandingsTeam = { id: string; name: string };

/** A match's result: the winner's team id, or null when it had no result. */
export type MatchResult = { home: string; away: string; winner: string | null };

export type StandingsRow = { teamId: string; played: number; won: number; lost: number; points: number; rank: number };

/**
 * The table, best first: by points, then wins, then head-to-head wins (those in the matches between
 * the teams level on both), then name; `rank` is shared by teams level after head-to-head (1, 2, 2, 4).
 * A result naming a team not in `teams`, or won by neither side, counts for nobody.
 */
export function standings(teams: readonly StandingsTeam[], results: readonly MatchResult[]): StandingsRow[] {
  const nameOf = new Map(teams.map((team) => [team.id, team.name]));
  const rows = new Map(teams.map((team) => [team.id, { teamId: team.id, played: 0, won: 0, lost: 0, points: 0, rank: 0 }]));
  const decided = results.filter(
    ({ home, away, winner }) => home !== away && rows.has(home) && rows.has(away) && (winner === home || winner === away),
  );
  for (const { home, away, winner } of decided) {
    for (const teamId of [home, away]) {
      const row = rows.get(teamId)!;
      row.played++;
      if (teamId === winner) row.won++;
      else row.lost++;
      row.points = row.won * WIN_POINTS + row.lost * LOSS_POINTS;
    }
  }

  const byName = (a: StandingsRow, b: StandingsRow) => compareText(nameOf.get(a.teamId)!, nameOf.get(b.teamId)!) || compareText(a.teamId, b.teamId);
  // Teams level on points and wins, in groups, best group first.
  const levels = new Map<string, StandingsRow[]>();
  for (const row of rows.values()) {
    const key = `${row.points}/${row.won}`;
    levels.set(key, [...(levels.get(key) ?? []), row]);
  }
  const ordered = [...levels.values()]
    .sort((a, b) => b[0].points - a[0].points || b[0].won - a[0].won)
    .flatMap((level) => {
      const members = new Set(level.map((row) => row.teamId));
      const headToHead = new Map(level.map((row) => [row.teamId, 0]));
      for (const { home, away, winner } of decided) {
        if (members.has(home) && members.has(away) && winner !== null) headToHead.set(winner, headToHead.get(winner)! + 1);
      }
      const wins = (row: StandingsRow) => headToHead.get(row.teamId)!;
      return level.sort((a, b) => wins(b) - wins(a) || byName(a, b)).map((row) => ({ row, wins: wins(row) }));
    });

  // A place is shared while points, wins and head-to-head wins are all level (the name only lists them).
  return ordered.map(({ row, wins }, index) => {
    const previous = ordered[index - 1] as (typeof ordered)[number] | undefined;
    const level = previous !== undefined && previous.row.points === row.points && previous.row.won === row.won && previous.wins === wins;
    row.rank = level ? previous.row.rank : index + 1;
    return row;
  });
}
