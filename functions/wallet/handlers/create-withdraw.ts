import { MSG } from '#shared/messages.ts';
import { withdrawSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { requestWithdrawal } from '#functions/wallet/withdrawals.ts';

export const handler = apiHandler({ body: withdrawSchema }, async ({ caller, body }) => ({
  data: await requestWithdrawal(caller.userId, body),
  statusCode: 201,
  message: MSG.withdrawSent,
}));
