// POST /admin/events/{id}/live-score: the whole score of a match being played, home first. The first one
// closes betting (the match has started); refused (409) once the match has a result.
import type { Score } from '#shared/match-results.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const saveLiveScore = (eventId: string, score: Score) => apiClient.post<unknown>(`/admin/events/${encodeURIComponent(eventId)}/live-score`, score);
