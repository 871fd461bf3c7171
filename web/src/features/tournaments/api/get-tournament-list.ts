// GET /game/tournament-list: tournaments shown on home.
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client.ts';

export interface TournamentSummary {
  _id: string;
  title: string;
  eventCount: number;
  previewImg: string;
  soonestEventTime: string;
}

export const tournamentListKey = '/game/tournament-list';

export const fetchTournamentList = () => apiClient.get<TournamentSummary[]>(tournamentListKey);

/** null while loading; a failed fetch shows as an empty list (spec §8: list failures show no message). */
export function useTournamentList(): TournamentSummary[] | null {
  const { data, error } = useSWR(tournamentListKey, fetchTournamentList, { shouldRetryOnError: false });
  if (error) return [];
  return data ?? null;
}
