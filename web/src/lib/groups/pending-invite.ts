// An invite opened while signed out is kept in this browser until the visitor has signed up (through
// the mailed verification link, which carries nothing of it) or logged in, and then joined.
import { joinPath } from '../paths.ts';

const KEY = 'pending-invite';

export function rememberInvite(inviteCode: string): void {
  try {
    localStorage.setItem(KEY, inviteCode);
  } catch {
    // Storage refused (private mode): the login redirect still carries the invite.
  }
}

export function forgetInvite(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** Where to land once signed in: the pending invite's join page, or `otherwise`. */
export function afterSignIn(otherwise: string): string {
  let code: string | null = null;
  try {
    code = localStorage.getItem(KEY);
  } catch {
    // nothing kept
  }
  return code ? joinPath(code) : otherwise;
}
