// POST /admin/events/{id}/result: the winner (perhaps by walkover), a draw, or a void (perhaps an abandoned
// match), with the score and a note when given. Answers 202 at once; the bets settle in the background.
import type { EventResult } from '#shared/api.ts';
import type { Score } from '#shared/match-results.ts';
import { apiClient } from '../../../../lib/api-client.ts';

/** The body shared/schemas.ts eventResultSchema reads: exactly one of a winner, a draw and a void. */
export type EventOutcomeRequest = (
  | { winnerTeamId: string; walkover?: true; draw?: undefined; void?: undefined; abandoned?: undefined }
  | { draw: true; winnerTeamId?: undefined; walkover?: undefined; void?: undefined; abandoned?: undefined }
  | { void: true; abandoned?: true; winnerTeamId?: undefined; walkover?: undefined; draw?: undefined }
) & { score?: Score; note?: string };

export const declareResult = (eventId: string, outcome: EventOutcomeRequest) =>
  apiClient.post<EventResult>(`/admin/events/${encodeURIComponent(eventId)}/result`, outcome);
