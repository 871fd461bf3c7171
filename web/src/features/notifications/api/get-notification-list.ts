// GET /user/notification-list?filter=all|unreads: the caller's notifications in date groups, newest first.
import { useMemo } from 'react';
import useSWR, { type SWRResponse } from 'swr';
import type { NotificationFilter, NotificationGroup } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { groupByDayInZone } from '../day-groups.ts';
import { NOTIFICATION_LIST_PATH } from '../../../lib/notifications/refresh-inbox.ts';

export const notificationListKey = (filter: NotificationFilter) => [NOTIFICATION_LIST_PATH, filter] as const;

export const fetchNotificationList = ([, filter]: ReturnType<typeof notificationListKey>) =>
  apiClient.get<NotificationGroup[]>(NOTIFICATION_LIST_PATH, { filter });

/**
 * Grouped by the day in the device's zone; null while loading; a failure reads as an empty inbox
 * (spec §8: list failures show no message).
 */
export function useNotificationList(filter: NotificationFilter): NotificationGroup[] | null {
  const list: SWRResponse<NotificationGroup[], unknown> = useSWR(notificationListKey(filter), fetchNotificationList, { shouldRetryOnError: false });
  const { data, error } = list;
  const groups = useMemo(() => data && groupByDayInZone(data), [data]);
  if (error) return [];
  return groups ?? null;
}
