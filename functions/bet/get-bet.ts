import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { getBetReceipt } from '#functions/domain/betting.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ caller, params }) => ({
  data: await getBetReceipt(caller.userId, params.id),
}));
