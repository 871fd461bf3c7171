// GET /pool/my-stakes?tournamentId: the signed-in bettor's stakes in the tournament's pool.
import useSWR from 'swr';
import type { PoolStake } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

const path = '/pool/my-stakes';

export const myStakesKey = (tournamentId: string) => [path, tournamentId] as const;

const fetchMyStakes = ([, tournamentId]: ReturnType<typeof myStakesKey>) => apiClient.get<PoolStake[]>(path, { tournamentId });

/** Nothing is asked while signed out. */
export function useMyStakes(tournamentId: string, signedIn: boolean) {
  return useSWR(signedIn ? myStakesKey(tournamentId) : null, fetchMyStakes, { shouldRetryOnError: false });
}
