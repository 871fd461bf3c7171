// A match's score and result as every view of it shows them (the lists, the bracket, the live cards):
// read once here from the event's record.
import type { MatchScoring, ProvisionalResult } from '#shared/api.ts';
import { resultDetailOf } from '#shared/match-results.ts';
import * as events from '#functions/data/events.ts';

/** Everyone's view: the result, else the live score, and whether a referee's result is pending. */
export const scoringOf = (event: events.EventRecord): MatchScoring => ({
  ...(event.decidedAt && { result: resultDetailOf(events.outcomeOf(event)) }),
  ...(!event.decidedAt && event.liveScore && { liveScore: event.liveScore }),
  ...(!event.decidedAt && event.provisional && { resultPending: true as const }),
  ...(event.postponedFrom && { postponedFrom: event.postponedFrom }),
});

/** The referee's result waiting to be confirmed, for its organisers and the referee's page. */
export const provisionalOf = (event: events.EventRecord): ProvisionalResult | undefined => {
  const waiting = !event.decidedAt ? event.provisional : undefined;
  if (!waiting) return undefined;
  return {
    result: resultDetailOf(waiting.outcome),
    winnerTeamId: waiting.outcome.winnerTeamId ?? null,
    by: waiting.by,
    at: waiting.at,
    confirmsAt: waiting.confirmsAt,
    ...(waiting.disputed && { disputed: true as const }),
  };
};
