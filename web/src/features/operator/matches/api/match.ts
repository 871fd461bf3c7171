// A match as its organisers fix it: GET /admin/events/{id} (with whether anyone has bet on it, which
// keeps its teams as they are) and DELETE /admin/events/{id} (a match nobody bet on).
import useSWR, { type SWRResponse } from 'swr';
import type { AdminEventDetail } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

const matchPath = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}`;

/** Read each time a dialog opens for the match (bets may have come since), not while it stays closed. */
export const useMatchDetail = (eventId: string | null): SWRResponse<AdminEventDetail, unknown> =>
  useSWR(eventId && ['operator/match', eventId], ([, id]: readonly [string, string]) => apiClient.get<AdminEventDetail>(matchPath(id)), {
    shouldRetryOnError: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });

export const deleteMatch = (eventId: string) => apiClient.delete<null>(matchPath(eventId));
