// Sharing a group's invite link: the phone's share sheet (Web Share) where there is one, else the
// link copied to the clipboard.
import { MSG } from '#shared/messages.ts';
import { HOME_TAB_NAME } from '#shared/constants.ts';
import { inviteLink } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';

export async function shareInvite(groupName: string, inviteCode: string): Promise<void> {
  const url = inviteLink(inviteCode, window.location.origin);
  const text = `Join ${groupName} on ${HOME_TAB_NAME}`;
  if ('share' in navigator) {
    try {
      await navigator.share({ title: HOME_TAB_NAME, text, url });
      return;
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Invite link copied');
  } catch {
    toast.short.error(MSG.unableToShare);
  }
}
