import type { GameEvent, Team } from '#shared/api.ts';
import { correctionDeadline } from '#shared/corrections.ts';

/** Where a match stands for the operator, which decides the actions offered. */
export type EventState =
  | { kind: 'open' }
  | { kind: 'paused' }
  /** Betting closed by the clock; the result is awaited. */
  | { kind: 'started' }
  | { kind: 'won'; winner: Team }
  | { kind: 'void' };

/** "Home versus Away": a match's accessible name. */
export const matchName = (event: GameEvent) => event.teams.map((team) => team.teamName).join(' versus ');

const isTeam = (winner: GameEvent['winnerTeam']): winner is Team => '_id' in winner;

export function eventState(event: GameEvent, now: Date): EventState {
  if (event.isVoid) return { kind: 'void' };
  if (isTeam(event.winnerTeam)) return { kind: 'won', winner: event.winnerTeam };
  if (event.isBetActive) return { kind: 'open' };
  return new Date(event.time) <= now ? { kind: 'started' } : { kind: 'paused' };
}

const LABELS = { open: 'Betting open', paused: 'Betting paused', started: 'Started, result due', void: 'Void' } as const;

export const eventStateLabel = (state: EventState) => (state.kind === 'won' ? `Winner: ${state.winner.teamName}` : LABELS[state.kind]);

/** No result yet: the operator may still declare a winner or void the match. */
export const isUndecided = (state: EventState) => state.kind === 'open' || state.kind === 'paused' || state.kind === 'started';

/** A decided match whose result may still be corrected (48 hours from the decision). */
export const canCorrect = (event: GameEvent, now: Date) => event.decidedAt !== undefined && now.toISOString() < correctionDeadline(event.decidedAt);

/** A tournament's matches as a match day reads them. */
export interface MatchDay {
  /** Started with no result yet: the results to record now, the earliest first. */
  now: GameEvent[];
  /** Not started, soonest first. */
  next: GameEvent[];
  /** Decided (a winner or void), the latest first: folded away under the others. */
  decided: GameEvent[];
}

export function matchDay(events: readonly GameEvent[], at: Date): MatchDay {
  const day: MatchDay = { now: [], next: [], decided: [] };
  for (const event of [...events].sort((a, b) => a.time.localeCompare(b.time))) {
    const state = eventState(event, at);
    (state.kind === 'started' ? day.now : isUndecided(state) ? day.next : day.decided).push(event);
  }
  day.decided.reverse();
  return day;
}
