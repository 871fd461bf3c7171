// How every ranked board places its rows (the bettors' and teams' leaderboard, a group's members, a
// tournament's hostels): rows come in board order, and rows with equal scores share a place while the next
// score skips the places they took (1, 1, 3: standard competition ranking).

/** The place of each row of an ordered board; `sameScore` says whether two neighbours tie. */
export function sharedPlaces<Row>(rows: readonly Row[], sameScore: (a: Row, b: Row) => boolean): number[] {
  let place = 0;
  return rows.map((row, index) => {
    if (index === 0 || !sameScore(rows[index - 1], row)) place = index + 1;
    return place;
  });
}
