// POST /admin/events/{id}/postpone: a new start (and venue). Unlike a reschedule, its bets stand and its
// bettors are told; the match remembers the start it had (`postponedFrom`).
import type { AdminEvent } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const postponeEvent = (eventId: string, body: { time: string; venue?: string }) =>
  apiClient.post<AdminEvent>(`/admin/events/${encodeURIComponent(eventId)}/postpone`, body);
