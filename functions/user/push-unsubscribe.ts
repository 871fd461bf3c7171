import { MSG } from '#shared/messages.ts';
import { pushDeviceSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { unsubscribe } from '#functions/domain/push.ts';

export const handler = apiHandler({ body: pushDeviceSchema }, async ({ caller, body }) => ({
  data: await unsubscribe(caller.userId, body),
  message: MSG.pushUnsubscribed,
}));
