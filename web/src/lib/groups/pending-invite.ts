// An invite opened while signed out is kept in this browser until the visitor has signed up or logged
// in, and then joined. Signing up also hands it to the server (create-user's inviteCode), which keeps it
// with the registration: the account's first sign-in joins the group in whichever browser it happens
// (the verification mail opened in another browser than the one that registered), and answers the
// group, which the app then opens with a welcome (welcomeTo).
import { INVITE_CODE_PATTERN } from '#shared/constants.ts';
import type { JoinedGroup } from '#shared/api.ts';
import { groupPath, joinPath } from '../paths.ts';

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

/** The invite kept in this browser, if it is one at all (a code as made): what a registration hands over. */
export function pendingInvite(): string | undefined {
  let code: string | null = null;
  try {
    code = localStorage.getItem(KEY);
  } catch {
    // nothing kept
  }
  return code && INVITE_CODE_PATTERN.test(code) ? code : undefined;
}

/** Where to land once signed in: the pending invite's join page, or `otherwise`. */
export function afterSignIn(otherwise: string): string {
  const code = pendingInvite();
  return code ? joinPath(code) : otherwise;
}

/** What the group page is handed when the visitor has just joined it: it greets them. */
export interface GroupPageState {
  welcome?: true;
}

/** The group page of a group just joined, greeting the new member; the invite kept here is done with. */
export function welcomeTo(group: Pick<JoinedGroup, 'groupId'>): { path: string; state: GroupPageState } {
  forgetInvite();
  return { path: groupPath(group.groupId), state: { welcome: true } };
}
