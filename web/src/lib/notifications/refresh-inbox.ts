// The inbox shows in two places: the notification lists and the bell (current-user's inboxCount). A
// change to one must re-read both. In lib because the notifications screen and the live channel both do it.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { currentUserKey } from '../session/current-user.ts';

/** The first part of every notification-list SWR key ([path, filter]), so a refresh can match them all. */
export const NOTIFICATION_LIST_PATH = '/user/notification-list';

export const isNotificationListKey = (key: unknown) => Array.isArray(key) && key[0] === NOTIFICATION_LIST_PATH;

export function useRefreshInbox() {
  const { mutate } = useSWRConfig();
  return useCallback(() => Promise.all([mutate(isNotificationListKey), mutate(currentUserKey)]), [mutate]);
}
