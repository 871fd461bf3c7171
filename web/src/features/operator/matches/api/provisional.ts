// A referee's result waiting on a match: POST /admin/events/{id}/provisional/confirm makes it the result
// (202, settled in the background); …/dispute leaves it standing for nothing until the organisers decide.
import type { AdminEvent, EventResult } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

const provisionalPath = (eventId: string, action: 'confirm' | 'dispute') => `/admin/events/${encodeURIComponent(eventId)}/provisional/${action}`;

export const confirmProvisional = (eventId: string) => apiClient.post<EventResult>(provisionalPath(eventId, 'confirm'));

export const disputeProvisional = (eventId: string) => apiClient.post<AdminEvent>(provisionalPath(eventId, 'dispute'));
