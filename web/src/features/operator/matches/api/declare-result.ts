// POST /admin/events/{id}/result: the winner, or a void (every stake refunded). Answers 202 at once;
// the bets settle in the background.
import type { EventResult } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export type EventOutcomeRequest = { winnerTeamId: string } | { void: true };

export const declareResult = (eventId: string, outcome: EventOutcomeRequest) =>
  apiClient.post<EventResult>(`/admin/events/${encodeURIComponent(eventId)}/result`, outcome);
