import { UNREAD_BADGE_LIMIT } from '#shared/constants.ts';

/** The bell shows a count only for 1..99 unread notifications (spec §2, §9). */
export const showUnreadBadge = (inboxCount: number | undefined): inboxCount is number =>
  inboxCount !== undefined && inboxCount > 0 && inboxCount < UNREAD_BADGE_LIMIT;
