// A local note that this browser had a session, so a visit after the 15-minute access token expired
// can renew it silently with the refresh cookie (which check-auth never sees: it is path-scoped).
// Anonymous visitors never trigger that refresh call. Signing out also drops the service worker's
// copies of this session's answers.
import { forgetPrivateAnswers } from '../offline/connectivity.ts';

const SIGNED_IN_KEY = 'signedIn';

/** Resolves once a sign-out has also dropped the worker's copies. */
export async function rememberSignedIn(signedIn: boolean): Promise<void> {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // storage blocked: the session then lasts as long as the access cookie
  }
  if (!signedIn) await forgetPrivateAnswers();
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}
