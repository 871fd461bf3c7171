// GET /game/tournament-shape?tournamentId: a tournament's stage, what is next, its standings and its
// bracket. Read by the tournament page (table, bracket, stage line) and by home's cards.
import useSWR, { type SWRResponse } from 'swr';
import type { TournamentShape } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';
import { prefetchInto } from '../prefetch.ts';

const path = '/game/tournament-shape';

export const tournamentShapeKey = (tournamentId: string) => [path, tournamentId] as const;

/** Matches every tournament's shape key, to revalidate them all after a change. */
export const isTournamentShapeKey = (key: unknown) => Array.isArray(key) && key[0] === path;

export const fetchTournamentShape = ([, tournamentId]: ReturnType<typeof tournamentShapeKey>) => apiClient.get<TournamentShape>(path, { tournamentId });

/** Starts the request with the page's other first data (lib/prefetch.ts). */
export const prefetchTournamentShape = (tournamentId: string | null) => {
  if (tournamentId) void prefetchInto(tournamentShapeKey(tournamentId), fetchTournamentShape).catch(() => {});
};

/**
 * null while loading, with no tournament id, or when it could not be read: the pictures are extras
 * around the matches, so a failure shows the page without them (no message).
 */
export function useTournamentShape(tournamentId: string | null): TournamentShape | null {
  const shape: SWRResponse<TournamentShape, unknown> = useSWR(tournamentId ? tournamentShapeKey(tournamentId) : null, fetchTournamentShape, {
    shouldRetryOnError: false,
  });
  if (!tournamentId || shape.error) return null;
  return shape.data ?? null;
}
