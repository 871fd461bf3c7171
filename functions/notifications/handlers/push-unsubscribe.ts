import { MSG } from '#shared/messages.ts';
import { pushDeviceSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { unsubscribe } from '#functions/notifications/web-push-subscriptions.ts';

export const handler = apiHandler({ body: pushDeviceSchema }, async ({ caller, body }) => ({
  data: await unsubscribe(caller.userId, body),
  message: MSG.pushUnsubscribed,
}));
