import type { GameEvent, Team } from '#shared/api.ts';
import { correctionDeadline } from '#shared/corrections.ts';
import { describeResult } from '#shared/match-results.ts';
import type { ScoreUnit } from '#shared/sports.ts';

/** Where a match stands for the operator, which decides the actions offered. */
export type EventState =
  | { kind: 'open' }
  | { kind: 'paused' }
  /** Betting closed by the clock or the first live score; the result is awaited. */
  | { kind: 'started' }
  | { kind: 'won'; winner: Team; walkover?: true }
  | { kind: 'draw' }
  | { kind: 'void'; abandoned?: true };

/** "Home versus Away": a match's accessible name. */
export const matchName = (event: GameEvent) => event.teams.map((team) => team.teamName).join(' versus ');

const isTeam = (winner: GameEvent['winnerTeam']): winner is Team => '_id' in winner;

export function eventState(event: GameEvent, now: Date): EventState {
  if (event.isVoid) return event.result?.kind === 'abandoned' ? { kind: 'void', abandoned: true } : { kind: 'void' };
  if (isTeam(event.winnerTeam)) return event.result?.kind === 'walkover' ? { kind: 'won', winner: event.winnerTeam, walkover: true } : { kind: 'won', winner: event.winnerTeam };
  // Decided with neither a winner nor a void: a draw.
  if (event.decidedAt !== undefined || event.result?.kind === 'draw') return { kind: 'draw' };
  // A live score means the match has started, whatever its clock says (the first one closes betting).
  if (event.liveScore) return { kind: 'started' };
  if (event.isBetActive) return { kind: 'open' };
  return new Date(event.time) <= now ? { kind: 'started' } : { kind: 'paused' };
}

const LABELS = { open: 'Betting open', paused: 'Betting paused', started: 'Started, result due', draw: 'Draw' } as const;

export function eventStateLabel(state: EventState): string {
  if (state.kind === 'won') return `Winner: ${state.winner.teamName}${state.walkover ? ' (walkover)' : ''}`;
  if (state.kind === 'void') return state.abandoned ? 'Abandoned' : 'Void';
  return LABELS[state.kind];
}

/**
 * A decided match's result in a line ('Tapti 2–1 Ganga · Tapti won', 'Draw 1–1'), when it says more than
 * its status does (a score, a note, a walkover); null otherwise.
 */
export function resultLine(event: GameEvent, unit: ScoreUnit): string | null {
  const { result } = event;
  if (!result || (!result.score && !result.note && result.kind !== 'walkover')) return null;
  const [home, away] = event.teams.map((team) => team.teamName);
  return describeResult(result, home, away, isTeam(event.winnerTeam) ? event.winnerTeam.teamName : undefined, unit);
}

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
  /** Decided (a winner, a draw or a void), the latest first: folded away under the others. */
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
