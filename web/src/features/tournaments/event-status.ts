import type { GameEvent, Team } from '#shared/api.ts';

export type EventStatus = { kind: 'open' } | { kind: 'paused' } | { kind: 'over'; winner: Team } | { kind: 'void' };

const isTeam = (winner: GameEvent['winnerTeam']): winner is Team => '_id' in winner;

/**
 * Spec §4: betting active allows bids; inactive with a winner is 'Match Over'; otherwise paused.
 * A match the organiser voided is called off for good, so it must not read as a pause.
 */
export function eventStatus(event: Pick<GameEvent, 'isBetActive' | 'winnerTeam' | 'isVoid'>): EventStatus {
  if (event.isVoid) return { kind: 'void' };
  if (isTeam(event.winnerTeam)) return { kind: 'over', winner: event.winnerTeam };
  return event.isBetActive ? { kind: 'open' } : { kind: 'paused' };
}
