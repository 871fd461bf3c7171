import { MSG } from '#shared/messages.ts';
import { pushSubscriptionSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { subscribe } from '#functions/domain/push.ts';

export const handler = apiHandler({ body: pushSubscriptionSchema }, async ({ caller, body, event }) => ({
  data: await subscribe(caller, body, event.requestContext.http.userAgent),
  message: MSG.pushSubscribed,
  statusCode: 201,
}));
