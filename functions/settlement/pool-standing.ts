// Where the tournament-winner pool stands after a result, read from the tournament's shape (pure): the
// teams knocked out, and the champion once known (several when a league ends with its top places shared).
import type { ShapeMatch, ShapeSlot, TournamentShape } from '#shared/api.ts';

export interface PoolStanding {
  /** Sorted team ids no longer in the cup. */
  out: string[];
  /** Sorted champion ids; [] while not known. */
  champions: string[];
}

const teamOf = (slot: ShapeSlot) => ('team' in slot ? slot.team._id : undefined);

/** The side that lost a decided bracket match (none for a void, a bye, or a match not decided). */
function loserOf(match: ShapeMatch): string | undefined {
  if (!match.winnerTeamId || match.isVoid || !match.eventId) return undefined;
  const [home, away] = [teamOf(match.home), teamOf(match.away)];
  return home === match.winnerTeamId ? away : away === match.winnerTeamId ? home : undefined;
}

export function poolStanding(shape: TournamentShape, teamIds: readonly string[]): PoolStanding {
  const out = new Set<string>();
  const rounds = shape.bracket?.rounds ?? [];
  for (const round of rounds) for (const match of round.matches) {
    const loser = loserOf(match);
    if (loser) out.add(loser);
  }
  // Groups then knockout: once every first-round side is known, the teams not in it went out in the groups.
  const firstRound = rounds[0]?.matches.flatMap((match) => [match.home, match.away]) ?? [];
  if (shape.format?.kind === 'groups-knockout' && firstRound.length > 0 && firstRound.every((slot) => !('awaiting' in slot))) {
    const through = new Set(firstRound.flatMap((slot) => teamOf(slot) ?? []));
    for (const id of teamIds) if (!through.has(id)) out.add(id);
  }
  let champions: string[] = shape.champion ? [shape.champion._id] : [];
  // A league finished with its top places shared: they share the title, and the pool.
  if (champions.length === 0 && shape.format?.kind === 'league' && shape.stage === 'Finished') {
    champions = (shape.standings[0]?.rows ?? []).filter((row) => row.rank === 1).map((row) => row.team._id);
  }
  if (champions.length > 0) for (const id of teamIds) if (!champions.includes(id)) out.add(id);
  return { out: [...out].sort(), champions: [...champions].sort() };
}
