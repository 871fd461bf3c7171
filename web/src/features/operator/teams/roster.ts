// One tournament's roster (GET /admin/tournaments/{id}/teams): every team made for it, for the Fixtures
// screen and the guided setup, which seed and pair exactly these.
import { useCallback } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import type { Team } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

const rosterKey = (tournamentId: string) => ['operator/roster', tournamentId] as const;

const fetchRoster = ([, tournamentId]: ReturnType<typeof rosterKey>) => apiClient.get<Team[]>(`/admin/tournaments/${encodeURIComponent(tournamentId)}/teams`);

/** The roster; null while loading or without a tournament; a failed read shows as no teams. */
export function useTournamentRoster(tournamentId: string | null): Team[] | null {
  const roster: SWRResponse<Team[], unknown> = useSWR(tournamentId ? rosterKey(tournamentId) : null, fetchRoster, { shouldRetryOnError: false });
  if (!tournamentId) return null;
  if (roster.error) return [];
  return roster.data ?? null;
}

/** Reads a roster again (after teams were added to it). */
export function useRefreshRoster() {
  const { mutate } = useSWRConfig();
  return useCallback((tournamentId: string) => mutate(rosterKey(tournamentId)), [mutate]);
}
