// GET /user/current-user: the signed-in user (wallet balance, unread count, profile fields).
import useSWR from 'swr';
import type { CurrentUser } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

export const currentUserKey = '/user/current-user';

export const fetchCurrentUser = () => apiClient.get<CurrentUser>(currentUserKey);

export function useCurrentUserQuery(isAuthenticated: boolean) {
  return useSWR(isAuthenticated ? currentUserKey : null, fetchCurrentUser, { shouldRetryOnError: false });
}
