// The betting rules with no I/O: stake limits, when an event takes bets, the payout, a tournament's schedule.
import { BET_MIN_CHECK, COIN_BET_MAX, COIN_BET_MIN } from '#shared/constants.ts';
import { hasEventStarted, isEventFinished, type EventTiming } from '#shared/match-bets.ts';
import type { DomainErrorCode } from '#functions/platform/errors.ts';

/** Why a coin stake is refused, or undefined when it is fine (whole coins, COIN_BET_MIN..COIN_BET_MAX). */
export function coinStakeProblem(amount: number): DomainErrorCode | undefined {
  if (amount < BET_MIN_CHECK) return 'bet-below-minimum';
  if (!Number.isInteger(amount)) return 'bet-amount-not-whole';
  if (amount < COIN_BET_MIN || amount > COIN_BET_MAX) return 'bet-amount-out-of-range';
  return undefined;
}

/** When a match has started or been decided, when others may see its bets, which bets it settles (shared: a group's picks and the export read them too). */
export { betsArePublic, hasEventStarted, isEventFinished, isOffLineup, type EventTiming } from '#shared/match-bets.ts';

/** Bets are taken while the operator has betting on, there is no outcome and the start time has not passed. */
export const isBettingOpen = (event: EventTiming, now: Date) =>
  event.isBetActive && !isEventFinished(event) && !hasEventStarted(event, now);

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
