import { pushDevicesQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listDevices } from '#functions/notifications/web-push-subscriptions.ts';

export const handler = apiHandler({ query: pushDevicesQuerySchema }, async ({ caller, query }) => ({
  data: await listDevices(caller.userId, query.endpoint),
}));
