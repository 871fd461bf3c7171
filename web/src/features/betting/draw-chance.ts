import type { TournamentShape } from '#shared/api.ts';
import { sportRules } from '#shared/sports.ts';

/**
 * Whether the match may end drawn: its tournament's sport has draws, and it is not a bracket match (a
 * knockout match is settled to a winner). A match scheduled on its own, or of a league or a group, may.
 */
export function mayEndDrawn(shape: Pick<TournamentShape, 'sport' | 'bracket'>, eventId: string): boolean {
  const inBracket = shape.bracket?.rounds.some((round) => round.matches.some((match) => match.eventId === eventId)) ?? false;
  return sportRules(shape.sport).drawable && !inBracket;
}
