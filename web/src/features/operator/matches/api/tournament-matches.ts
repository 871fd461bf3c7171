// GET /admin/tournaments/{id}/events: every match of a tournament as its organisers fix it, the knockout
// matches still waiting for their teams included (the public event list, which the console's match list
// reads, leaves those out). Read again after every catalogue change (refresh-catalog.ts).
import useSWR, { type SWRResponse } from 'swr';
import type { AdminEvent } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';
import { TOURNAMENT_MATCHES_KEY as KEY } from '../../refresh-catalog.ts';

export const useTournamentMatches = (tournamentId: string): SWRResponse<AdminEvent[], unknown> =>
  useSWR([KEY, tournamentId], ([, id]: readonly [string, string]) => apiClient.get<AdminEvent[]>(`/admin/tournaments/${encodeURIComponent(id)}/events`), {
    shouldRetryOnError: false,
  });
