// Sharing a group's invite link: the phone's share sheet, else the link copied (lib/share.ts).
import { HOME_TAB_NAME } from '#shared/constants.ts';
import { inviteLink } from '../../lib/paths.ts';
import { shareLink } from '../../lib/share.ts';

export const shareInvite = (groupName: string, inviteCode: string): Promise<void> =>
  shareLink({ title: HOME_TAB_NAME, text: `Join ${groupName} on ${HOME_TAB_NAME}`, url: inviteLink(inviteCode, window.location.origin), copiedMessage: 'Invite link copied' });
