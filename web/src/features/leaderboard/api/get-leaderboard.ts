// GET /game/team-leaderboard and /game/bettor-leaderboard: rows {name, trophy} (a team's also its
// tournamentTitle), most trophies first.
// One module for both: the two calls answer the same shape and differ only in their path.
import useSWR, { type SWRResponse } from 'swr';
import type { LeaderboardRow } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';
import type { LeaderboardBoard } from '../../../lib/paths.ts';

const paths: Record<LeaderboardBoard, string> = {
  teams: '/game/team-leaderboard',
  bettors: '/game/bettor-leaderboard',
};

export const leaderboardKey = (board: LeaderboardBoard) => paths[board];

export const fetchLeaderboard = (key: string) => apiClient.get<LeaderboardRow[]>(key);

/** null while loading; a failure reads as no rows (spec §8: list failures show no message). */
export function useLeaderboard(board: LeaderboardBoard): LeaderboardRow[] | null {
  const rows: SWRResponse<LeaderboardRow[], unknown> = useSWR(leaderboardKey(board), fetchLeaderboard, { shouldRetryOnError: false });
  const { data, error } = rows;
  if (error) return [];
  return data ?? null;
}
