// GET /admin/events/{id}/audit: who did what to an event, oldest first.
import useSWR, { type SWRResponse } from 'swr';
import type { EventAuditEntry } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const eventAuditPath = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/audit`;

/**
 * Loaded only while `eventId` is given (the History list is open), and again whenever `state` (what the
 * event shows: switch, time, outcome) changes, so an action taken on the screen appears in it.
 */
export const useEventAudit = (eventId: string | null, state: string): SWRResponse<EventAuditEntry[], unknown> =>
  useSWR(eventId && [eventAuditPath(eventId), state], ([path]: readonly [string, string]) => apiClient.get<EventAuditEntry[]>(path), { keepPreviousData: true });
