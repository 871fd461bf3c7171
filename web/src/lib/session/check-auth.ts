// GET /user/check-auth: whether the cookies hold a live session.
import useSWR from 'swr';
import { apiClient, renewSession } from '../api-client.ts';
import { rememberSignedIn, wasSignedIn } from './session-hint.ts';

export const checkAuthKey = '/user/check-auth';

export async function fetchAuthStatus(): Promise<boolean> {
  const { isAuthenticated } = await apiClient.get<{ isAuthenticated: boolean }>(checkAuthKey);
  if (isAuthenticated === true) {
    rememberSignedIn(true);
    return true;
  }
  if (!wasSignedIn()) return false;
  // The access token expired but this browser had a session: renew it with the refresh cookie.
  const renewed = await renewSession();
  rememberSignedIn(renewed);
  return renewed;
}

/** undefined until the first answer; a failed check counts as not authenticated. */
export function useCheckAuth(): boolean | undefined {
  const { data, error } = useSWR(checkAuthKey, fetchAuthStatus, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  return data ?? (error ? false : undefined);
}
