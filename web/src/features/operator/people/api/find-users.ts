// GET /admin/users?query=: users whose email is the query or whose name starts with it.
import useSWR, { type SWRResponse } from 'swr';
import type { AdminUser } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

const path = '/admin/users';

export const userSearchKey = (query: string) => [path, query] as const;

const fetchUsers = ([, query]: ReturnType<typeof userSearchKey>) => apiClient.get<AdminUser[]>(path, { query });

/** Nothing is fetched for an empty query; `error` carries a refused query's reason. */
export function useUserSearch(query: string): SWRResponse<AdminUser[], unknown> {
  return useSWR(query ? userSearchKey(query) : null, fetchUsers, { shouldRetryOnError: false, keepPreviousData: true });
}
