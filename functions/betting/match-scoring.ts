// A match's score and result as every view of it shows them (the lists, the bracket, the live cards):
// read once here from the event's record.
import type { MatchScoring } from '#shared/api.ts';
import { resultDetailOf } from '#shared/match-results.ts';
import * as events from '#functions/data/events.ts';

export const scoringOf = (event: events.EventRecord): MatchScoring => ({
  ...(event.decidedAt && { result: resultDetailOf(events.outcomeOf(event)) }),
  ...(!event.decidedAt && event.liveScore && { liveScore: event.liveScore }),
  ...(event.postponedFrom && { postponedFrom: event.postponedFrom }),
});
