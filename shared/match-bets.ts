// A match's bets: when the match has started or been decided, so when its bets stop being secret, and
// which bets its outcome settles. The betting rules (functions/betting/betting-rules.ts, which re-exports
// them), settlement, a group's picks and the organiser's export read the same rules.

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

/**
 * Whether others may see who backed which side (another user's bet history, a group's picks, the
 * organiser's export): once the event has started or been decided, and not merely while betting is
 * paused, since an organiser may reopen it and others could then copy or counter the bets.
 */
export const betsArePublic = (event: EventTiming | undefined, now: Date) => event !== undefined && (hasEventStarted(event, now) || isEventFinished(event));

/**
 * A bet on teams the match no longer has: its team was taken out of it, or it was placed before the
 * organiser last changed the teams (its eventVersion below the event's lineupVersion: an accepted bet the
 * edit's look at the bets index missed). Settlement refunds it whatever the outcome, never wins or loses it.
 */
export const isOffLineup = (event: { teamIds: readonly string[]; lineupVersion?: number }, bet: { teamId: string; eventVersion?: number }) =>
  !event.teamIds.includes(bet.teamId) || (bet.eventVersion ?? 0) < (event.lineupVersion ?? 0);
