import { idParamsSchema, withdrawalDecisionSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { decideWithdrawal } from '#functions/domain/wallet.ts';

export const handler = apiHandler({ params: idParamsSchema, body: withdrawalDecisionSchema }, async ({ params, body }) => ({
  data: await decideWithdrawal(params.id, body),
}));
