import { notificationListQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { listNotificationGroups } from '#functions/domain/notifications.ts';

export const handler = apiHandler({ query: notificationListQuerySchema }, async ({ caller, query }) => ({
  data: await listNotificationGroups(caller.userId, query.filter),
}));
