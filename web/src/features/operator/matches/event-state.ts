import type { GameEvent, ProvisionalResult, Team } from '#shared/api.ts';
import { correctionDeadline } from '#shared/corrections.ts';
import { formatTimeWithZone } from '#shared/format.ts';
import { describeResult } from '#shared/match-results.ts';
import type { ScoreUnit } from '#shared/sports.ts';

/** Where a match stands for the operator, which decides the actions offered. */
export type EventState =
  | { kind: 'open' }
  | { kind: 'paused' }
  /** Betting closed by the clock or the first live score; the result is awaited. */
  | { kind: 'started' }
  /** A referee's result waits to be confirmed (or, disputed, for the organiser's own). */
  | { kind: 'pending' }
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
  if (event.resultPending) return { kind: 'pending' };
  // A live score means the match has started, whatever its clock says (the first one closes betting).
  if (event.liveScore) return { kind: 'started' };
  if (event.isBetActive) return { kind: 'open' };
  return new Date(event.time) <= now ? { kind: 'started' } : { kind: 'paused' };
}

const LABELS = { open: 'Betting open', paused: 'Betting paused', started: 'Started, result due', pending: 'Betting closed', draw: 'Draw' } as const;

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
export const isUndecided = (state: EventState) => state.kind === 'open' || state.kind === 'paused' || state.kind === 'started' || state.kind === 'pending';

/**
 * A referee's result in a line: 'Result pending: Tapti 2–1 Ganga (sent by Scorer link: Court 2) · stands at
 * 18:40 unless disputed'. Until its detail is read (the organisers' list), the live score it left stands in.
 */
export function pendingLine(event: GameEvent, provisional: ProvisionalResult | undefined, unit: ScoreUnit, timeZone?: string): string {
  const [home, away] = event.teams.map((team) => team.teamName);
  const detail = provisional?.result ?? (event.liveScore && { kind: 'won' as const, score: event.liveScore });
  if (!detail) return 'Result pending';
  // The winner is named only where the score does not say it (a walkover, no score, or level and settled some other way).
  const said = detail.kind === 'won' && detail.score !== undefined && detail.score.home !== detail.score.away;
  const winner = !said ? event.teams.find((team) => team._id === provisional?.winnerTeamId)?.teamName : undefined;
  const result = describeResult(detail, home, away, winner, unit);
  if (!provisional) return `Result pending: ${result}`;
  if (provisional.disputed) return `Disputed: enter the result (${provisional.by} sent ${result})`;
  return `Result pending: ${result} (sent by ${provisional.by}) · stands at ${formatTimeWithZone(provisional.confirmsAt, timeZone)} unless disputed`;
}

/** A decided match whose result may still be corrected (48 hours from the decision). */
export const canCorrect = (event: GameEvent, now: Date) => event.decidedAt !== undefined && now.toISOString() < correctionDeadline(event.decidedAt);

/** A tournament's matches as a match day reads them. */
export interface MatchDay {
  /** A referee's result waiting (to be confirmed, or disputed and to be entered): first, they need the organiser. */
  pending: GameEvent[];
  /** Started with no result yet: the results to record now, the earliest first. */
  now: GameEvent[];
  /** Not started, soonest first. */
  next: GameEvent[];
  /** Decided (a winner, a draw or a void), the latest first: folded away under the others. */
  decided: GameEvent[];
}

export function matchDay(events: readonly GameEvent[], at: Date): MatchDay {
  const day: MatchDay = { pending: [], now: [], next: [], decided: [] };
  for (const event of [...events].sort((a, b) => a.time.localeCompare(b.time))) {
    const state = eventState(event, at);
    (state.kind === 'pending' ? day.pending : state.kind === 'started' ? day.now : isUndecided(state) ? day.next : day.decided).push(event);
  }
  day.decided.reverse();
  return day;
}
