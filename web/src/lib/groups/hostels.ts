// A tournament's hostels: the public hostel leaderboard, and the console's list and its replacement.
import useSWR, { mutate, type SWRResponse } from 'swr';
import type { HostelRow, TournamentHostel } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

/** null while loading; a failure reads as no hostels (a board nobody set up shows nothing). */
export function useHostelLeaderboard(tournamentId: string): HostelRow[] | null {
  const board: SWRResponse<HostelRow[], unknown> = useSWR(['/game/hostel-leaderboard', tournamentId], ([path, id]) => apiClient.get<HostelRow[]>(path, { tournamentId: id }), {
    shouldRetryOnError: false,
  });
  const { data, error } = board;
  if (error) return [];
  return data ?? null;
}

const hostelsPath = (tournamentId: string) => `/admin/tournaments/${encodeURIComponent(tournamentId)}/hostels`;

export function useTournamentHostels(tournamentId: string | null) {
  return useSWR(tournamentId && hostelsPath(tournamentId), (path: string) => apiClient.get<TournamentHostel[]>(path));
}

/** Replaces the tournament's hostels with these groups (and the groups of these invite codes). */
export async function saveTournamentHostels(tournamentId: string, groupIds: string[], inviteCodes: string[] = []) {
  const saved = await apiClient.put<TournamentHostel[]>(hostelsPath(tournamentId), { groupIds, inviteCodes });
  await Promise.all([mutate(hostelsPath(tournamentId), saved, { revalidate: false }), mutate(['/game/hostel-leaderboard', tournamentId])]);
  return saved;
}
