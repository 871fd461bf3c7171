import { MSG } from '#shared/messages.ts';
import { pushSubscriptionSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { subscribe } from '#functions/notifications/web-push-subscriptions.ts';

export const handler = apiHandler({ body: pushSubscriptionSchema }, async ({ caller, body, event }) => ({
  data: await subscribe(caller, body, event.requestContext.http.userAgent),
  message: MSG.pushSubscribed,
  statusCode: 201,
}));
