import { betTransactionSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { recordBetTransaction } from '#functions/betting/betting.ts';

export const handler = apiHandler({ body: betTransactionSchema }, async ({ caller, body }) => ({
  data: await recordBetTransaction(caller.userId, body.betId),
}));
