// GET /game/tournament-pool?tournamentId: 'Who lifts the cup?', its status and each team's share and odds.
// Read by the pool screen (again every few seconds while it takes stakes, so the odds move as stakes come)
// and once by a tournament's bracket (each team's share beside its name).
import useSWR, { type SWRResponse } from 'swr';
import type { TournamentPool } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';
import { PATHS } from '../paths.ts';

const path = '/game/tournament-pool';

/**
 * The pool screen, opened at a team's stake form when given. Here rather than in paths.ts, which is in
 * the app's first chunk: only the screens that link to the pool load it.
 */
export const poolPath = (tournamentId: string, teamId?: string) =>
  `${PATHS.pool}?${new URLSearchParams(teamId ? { tournamentId, team: teamId } : { tournamentId })}`;

/** How often an open pool is read again: the odds the screen shows are this fresh. */
export const POOL_POLL_MS = 5_000;

export const tournamentPoolKey = (tournamentId: string) => [path, tournamentId] as const;

const fetchTournamentPool = ([, tournamentId]: ReturnType<typeof tournamentPoolKey>) => apiClient.get<TournamentPool>(path, { tournamentId });

/**
 * The tournament's pool; `live` reads an open one again every POOL_POLL_MS. A tournament with no
 * generated format has none (404): `error` says so, and nothing is retried.
 */
export function useTournamentPool(tournamentId: string | null, { live }: { live: boolean }): SWRResponse<TournamentPool, unknown> {
  return useSWR(tournamentId ? tournamentPoolKey(tournamentId) : null, fetchTournamentPool, {
    shouldRetryOnError: false,
    refreshInterval: live ? (latest?: TournamentPool) => (latest?.status === 'open' ? POOL_POLL_MS : 0) : 0,
  });
}
