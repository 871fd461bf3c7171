import type { GameEvent, Team } from '#shared/api.ts';

export type EventStatus = { kind: 'open' } | { kind: 'closed' } | { kind: 'paused' } | { kind: 'over'; winner: Team } | { kind: 'drawn' } | { kind: 'void' };

const isTeam = (winner: GameEvent['winnerTeam']): winner is Team => '_id' in winner;

/**
 * Spec §4: betting active allows bids; inactive with a winner is 'Match Over'; otherwise paused.
 * A match the organiser voided (or recorded as abandoned) is called off for good, so it must not read as
 * a pause; a draw has no winner but is decided all the same; one that has started without an outcome
 * yet is closed to bets (the server closes betting at the start time).
 */
export function eventStatus(
  event: Pick<GameEvent, 'isBetActive' | 'winnerTeam' | 'isVoid' | 'time' | 'result' | 'liveScore' | 'resultPending'>,
  now = Date.now(),
): EventStatus {
  // The result's kind first: a draw returns the stakes too, but is no call-off.
  const result = event.result?.kind;
  if (result === 'draw') return { kind: 'drawn' };
  if (event.isVoid || result === 'void' || result === 'abandoned') return { kind: 'void' };
  if (isTeam(event.winnerTeam)) return { kind: 'over', winner: event.winnerTeam };
  // A match with a score has started, whatever its start time said (a referee may begin early).
  if (Date.parse(event.time) <= now || event.liveScore || event.resultPending) return { kind: 'closed' };
  return event.isBetActive ? { kind: 'open' } : { kind: 'paused' };
}
