// The order of a tournament's matches: what can still be bet on or is being played first,
// soonest first; decided matches (a winner, a draw, or called off) after them under 'Results', latest first.
import type { GameEvent } from '#shared/api.ts';
import { eventStatus } from '../../lib/game/event-status.ts';

const byTime = (a: GameEvent, b: GameEvent) => Date.parse(a.time) - Date.parse(b.time);

export function orderMatches(events: readonly GameEvent[]): { upcoming: GameEvent[]; results: GameEvent[] } {
  const isDecided = (event: GameEvent) => ['over', 'drawn', 'void'].includes(eventStatus(event).kind);
  return {
    upcoming: events.filter((event) => !isDecided(event)).sort(byTime),
    results: events.filter(isDecided).sort((a, b) => byTime(b, a)),
  };
}

/**
 * Whether a tournament is over by its matches: it has some, and every one is decided (a winner, a draw, or
 * called off). A tournament scheduled match by match has no stage to say so.
 */
export const isTournamentFinished = (events: readonly GameEvent[]) => events.length > 0 && orderMatches(events).upcoming.length === 0;
