import { MSG } from '#shared/messages.ts';
import { prizeParamsSchema, prizeReversalSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { reversePrize } from '#functions/wallet/prizes.ts';

export const handler = apiHandler({ params: prizeParamsSchema, body: prizeReversalSchema }, async ({ caller, params, body }) => ({
  data: await reversePrize(caller.userId, params.id, params.creditId, body.reason),
  message: MSG.prizeReversed,
}));
