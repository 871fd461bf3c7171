import { MSG } from '#shared/messages.ts';
import { idParamsSchema, poolSettingsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { changePool } from '#functions/pools/pool-settings.ts';

export const handler = apiHandler({ params: idParamsSchema, body: poolSettingsSchema }, async ({ params, body, caller }) => ({
  data: await changePool(params.id, body, caller),
  message: MSG.poolSettingsSaved,
}));
