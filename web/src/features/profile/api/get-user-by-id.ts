// GET /user/get-by-id/{userId}: a player's public profile.
import useSWR, { type SWRResponse } from 'swr';
import type { PublicUser } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const userByIdKey = (userId: string) => `/user/get-by-id/${encodeURIComponent(userId)}`;

export const fetchUserById = (key: string) => apiClient.get<PublicUser>(key);

export function useUserById(userId: string): SWRResponse<PublicUser, unknown> {
  return useSWR(userByIdKey(userId), fetchUserById, { shouldRetryOnError: false });
}
