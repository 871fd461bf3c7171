// GET /user/check-auth: whether the cookies hold a live session.
import useSWR, { type SWRResponse } from 'swr';
import { apiClient, renewSession } from '../api-client.ts';
import { rememberSignedIn, wasSignedIn } from './session-hint.ts';

export const checkAuthKey = '/user/check-auth';

export async function fetchAuthStatus(): Promise<boolean> {
  const { isAuthenticated } = await apiClient.get<{ isAuthenticated: boolean }>(checkAuthKey);
  if (isAuthenticated === true) {
    void rememberSignedIn(true); // nothing to wait for: only a sign-out clears the worker's copies
    return true;
  }
  if (!wasSignedIn()) return false;
  // The access token expired but this browser had a session: renew it with the refresh cookie.
  const renewed = await renewSession();
  void rememberSignedIn(renewed); // the answer need not wait for a refused session's copies to be dropped
  return renewed;
}

/** undefined until the first answer; a failed check counts as not authenticated. */
export function useCheckAuth(): boolean | undefined {
  const status: SWRResponse<boolean, unknown> = useSWR(checkAuthKey, fetchAuthStatus, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  const { data, error } = status;
  return data ?? (error ? false : undefined);
}
