// GET /admin/events/{id}/audit: who did what to an event, oldest first.
import useSWR from 'swr';
import type { EventAuditEntry } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const eventAuditPath = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/audit`;

/** Loaded only while `eventId` is given (the History list is open). */
export const useEventAudit = (eventId: string | null) => useSWR(eventId && eventAuditPath(eventId), (path: string) => apiClient.get<EventAuditEntry[]>(path));
