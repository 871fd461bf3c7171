import { notificationListQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listNotificationGroups } from '#functions/notifications/inbox.ts';

export const handler = apiHandler({ query: notificationListQuerySchema }, async ({ caller, query }) => ({
  data: await listNotificationGroups(caller.userId, query.filter),
}));
