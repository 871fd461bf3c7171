import { idParamsSchema, withdrawalDecisionSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { decideWithdrawal } from '#functions/wallet/withdrawals.ts';

export const handler = apiHandler({ params: idParamsSchema, body: withdrawalDecisionSchema }, async ({ params, body }) => ({
  data: await decideWithdrawal(params.id, body),
}));
