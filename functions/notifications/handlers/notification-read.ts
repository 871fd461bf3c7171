import { notificationIdParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { markNotificationRead } from '#functions/notifications/inbox.ts';

export const handler = apiHandler({ params: notificationIdParamsSchema }, async ({ caller, params }) => ({
  data: await markNotificationRead(caller.userId, params.id),
}));
