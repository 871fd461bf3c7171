// The user's inbox: the latest notifications (or unread ones) by day, marking them read, the unread count.
import type { NotificationFilter, NotificationGroup, ReadAllResult, UserNotification } from '#shared/api.ts';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_READ_ALL_BATCH } from '#shared/constants.ts';
import { formatDate } from '#shared/format.ts';
import type { Item } from '#functions/platform/dynamodb.ts';
import * as notifications from '#functions/data/notifications.ts';
import { DomainError } from '#functions/platform/errors.ts';

/** A notification as the user sees it: an inbox row, and the `data` of a socket post (socket-notices.ts). */
export const publicNotification = (notification: notifications.NotificationRecord): UserNotification => ({
  _id: notifications.notificationId(notification),
  createdAt: notification.createdAt,
  subject: notification.subject,
  description: notification.description,
  isReaded: notification.isReaded,
});

/**
 * The user's latest notifications (or unread ones), grouped by UTC day, newest first. The server knows
 * no device's zone: the web app regroups them by the day in the device's zone.
 */
export async function listNotificationGroups(userId: string, filter: NotificationFilter): Promise<NotificationGroup[]> {
  const list = await notifications.listNotifications(userId, filter === 'unreads', NOTIFICATION_LIST_LIMIT);
  const groups: NotificationGroup[] = [];
  for (const notification of list) {
    const date = formatDate(notification.createdAt, 'UTC');
    if (groups.at(-1)?.date !== date) groups.push({ date, notifications: [] });
    groups.at(-1)!.notifications.push(publicNotification(notification));
  }
  return groups;
}

/** Marks one of the caller's own notifications read (again is fine); 404 for any other id. */
export async function markNotificationRead(userId: string, id: string): Promise<UserNotification> {
  const notification = await notifications.markNotificationRead(userId, id);
  if (!notification) throw new DomainError('notification-not-found');
  return publicNotification(notification);
}

/** At most this many pages per call, well inside the function's timeout; the answer's `unread` says whether to call again. */
const READ_ALL_MAX_PAGES = 20;

/**
 * Marks the caller's unread notifications read, page by page through the unread index (each page one
 * transaction that also counts them off), so any number is safe: a call marks at most
 * READ_ALL_MAX_PAGES pages, and calling again (or twice at once) marks each notification once.
 */
export async function markAllNotificationsRead(userId: string): Promise<ReadAllResult> {
  let marked = 0;
  let startKey: Item | undefined;
  for (let page = 0; page < READ_ALL_MAX_PAGES; page++) {
    const { keys, nextKey } = await notifications.unreadPage(userId, NOTIFICATION_READ_ALL_BATCH, startKey);
    marked += await notifications.markPageRead(userId, keys);
    if (!nextKey) break;
    startKey = nextKey;
  }
  return { marked, unread: await notifications.getUnreadCount(userId) };
}

export const unreadCount = notifications.getUnreadCount;
