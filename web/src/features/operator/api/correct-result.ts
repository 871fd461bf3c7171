// POST /admin/events/{id}/correct-result: the right winner, or a void, within 48 hours of the decision.
// Answers 202 at once; the bets are settled again in the background.
import { apiClient } from '../../../lib/api-client.ts';
import type { EventOutcomeRequest } from './declare-result.ts';

export interface CorrectionAnswer {
  eventId: string;
  winnerTeamId: string | null;
  isVoid: boolean;
  decidedAt: string;
  correction: number;
  correctableUntil: string;
}

export const correctResult = (eventId: string, outcome: EventOutcomeRequest) =>
  apiClient.post<CorrectionAnswer>(`/admin/events/${encodeURIComponent(eventId)}/correct-result`, outcome);
