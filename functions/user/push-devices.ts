import { pushDevicesQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { listDevices } from '#functions/domain/push.ts';

export const handler = apiHandler({ query: pushDevicesQuerySchema }, async ({ caller, query }) => ({
  data: await listDevices(caller.userId, query.endpoint),
}));
