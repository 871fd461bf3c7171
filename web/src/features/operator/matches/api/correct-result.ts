// POST /admin/events/{id}/correct-result: the right result (the same body as a first one), within 48 hours
// of the decision. Answers 202 at once; the bets are settled again in the background.
import { apiClient } from '../../../../lib/api-client.ts';
import type { CorrectionResult } from '#shared/api.ts';
import type { EventOutcomeRequest } from './declare-result.ts';

export const correctResult = (eventId: string, outcome: EventOutcomeRequest) =>
  apiClient.post<CorrectionResult>(`/admin/events/${encodeURIComponent(eventId)}/correct-result`, outcome);
