import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { getBetReceipt } from '#functions/betting/betting.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ caller, params }) => ({
  data: await getBetReceipt(caller.userId, params.id),
}));
