// GET /game/tournament-list: tournaments shown on home and managed in the operator console.
import useSWR, { type SWRResponse } from 'swr';
import type { Tournament } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';
import { prefetchInto } from '../prefetch.ts';

export const tournamentListKey = '/game/tournament-list';

export const fetchTournamentList = () => apiClient.get<Tournament[]>(tournamentListKey);

/** Starts the request ahead of the page's render, whose first render then shows its answer (lib/prefetch.ts); `then` gets it too. */
export const prefetchTournamentList = (then?: (tournaments: Tournament[]) => void) =>
  void prefetchInto(tournamentListKey, fetchTournamentList).then(then, () => {});

/** null while loading; a failed fetch shows as an empty list (spec §8: list failures show no message). */
export function useTournamentList(): Tournament[] | null {
  const list: SWRResponse<Tournament[], unknown> = useSWR(tournamentListKey, fetchTournamentList, { shouldRetryOnError: false });
  const { data, error } = list;
  if (error) return [];
  return data ?? null;
}
