import type { NotificationGroup } from '#shared/api.ts';
import { deviceTimeZone, formatDate } from '#shared/format.ts';

/**
 * The server groups notifications by UTC day; a notice at 02:00 IST belongs to the device's day, so
 * the groups are rebuilt by the day in the zone, keeping the order (newest first).
 */
export function groupByDayInZone(groups: readonly NotificationGroup[], timeZone = deviceTimeZone()): NotificationGroup[] {
  const regrouped: NotificationGroup[] = [];
  for (const notification of groups.flatMap((group) => group.notifications)) {
    const date = formatDate(notification.createdAt, timeZone);
    if (regrouped.at(-1)?.date !== date) regrouped.push({ date, notifications: [] });
    regrouped.at(-1)!.notifications.push(notification);
  }
  return regrouped;
}
