// GET /pool/group-picks?tournamentId: who in each of the caller's groups backed whom, once the pool closed.
import useSWR from 'swr';
import type { GroupPoolPicks } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

const path = '/pool/group-picks';

const fetchGroupPicks = ([, tournamentId]: readonly [string, string]) => apiClient.get<GroupPoolPicks[]>(path, { tournamentId });

/** Asked only once the pool has closed (the server keeps a group's picks to itself until then). */
export function useGroupPicks(tournamentId: string, enabled: boolean) {
  return useSWR(enabled ? ([path, tournamentId] as const) : null, fetchGroupPicks, { shouldRetryOnError: false });
}
