// The betting rules with no I/O: stake limits, when an event takes bets, the payout, a tournament's schedule.
import { BET_MIN_CHECK, COIN_BET_MAX, COIN_BET_MIN } from '#shared/constants.ts';
import type { DomainErrorCode } from '#functions/platform/errors.ts';

/** Why a coin stake is refused, or undefined when it is fine (whole coins, COIN_BET_MIN..COIN_BET_MAX). */
export function coinStakeProblem(amount: number): DomainErrorCode | undefined {
  if (amount < BET_MIN_CHECK) return 'bet-below-minimum';
  if (!Number.isInteger(amount)) return 'bet-amount-not-whole';
  if (amount < COIN_BET_MIN || amount > COIN_BET_MAX) return 'bet-amount-out-of-range';
  return undefined;
}

export interface EventTiming {
  /** ISO 8601 */
  time: string;
  isBetActive: boolean;
  winnerTeamId?: string;
  isVoid?: boolean;
  isDraw?: boolean;
  /** Kept while it is played: a match with a score has started, whatever its start time says. */
  liveScore?: unknown;
}

/** Decided: a winner was declared, or the event was drawn or voided. */
export const isEventFinished = (event: EventTiming) => event.winnerTeamId !== undefined || event.isVoid === true || event.isDraw === true;

export const hasEventStarted = (event: EventTiming, now: Date) => event.liveScore !== undefined || Date.parse(event.time) <= now.getTime();

/** Bets are taken while the operator has betting on, there is no outcome and the start time has not passed. */
export const isBettingOpen = (event: EventTiming, now: Date) =>
  event.isBetActive && !isEventFinished(event) && !hasEventStarted(event, now);

/**
 * A bet on teams the match no longer has: its team was taken out of it, or it was placed before the
 * organiser last changed the teams (its eventVersion below the event's lineupVersion: an accepted bet the
 * edit's look at the bets index missed). Settlement refunds it whatever the outcome, never wins or loses it.
 */
export const isOffLineup = (event: { teamIds: readonly string[]; lineupVersion?: number }, bet: { teamId: string; eventVersion?: number }) =>
  !event.teamIds.includes(bet.teamId) || (bet.eventVersion ?? 0) < (event.lineupVersion ?? 0);

/** A winning bet pays floor(1.5 x stake) coins (shared: the bet screen shows it too). */
export { payoutFor } from '#shared/payout.ts';

/**
 * What the home page shows of a tournament's events: how many are not finished, how many of those are
 * being played (started, no result yet), how many are finished, and the next start. A match a correction
 * replaced counts nowhere: the one in its place does.
 */
export function tournamentSchedule(
  events: (EventTiming & { replacedBy?: string })[],
  now: Date,
): { eventCount: number; liveEventCount: number; decidedEventCount: number; soonestEventTime: string | null } {
  const counted = events.filter((event) => !event.replacedBy);
  const unfinished = counted.filter((event) => !isEventFinished(event));
  const upcoming = unfinished.filter((event) => !hasEventStarted(event, now)).map((event) => event.time);
  upcoming.sort((a, b) => Date.parse(a) - Date.parse(b));
  return {
    eventCount: unfinished.length,
    liveEventCount: unfinished.length - upcoming.length,
    decidedEventCount: counted.length - unfinished.length,
    soonestEventTime: upcoming[0] ?? null,
  };
}
