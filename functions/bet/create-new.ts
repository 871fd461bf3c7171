import { MSG } from '#shared/messages.ts';
import { createBetSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { placeBet } from '#functions/domain/betting.ts';

export const handler = apiHandler({ body: createBetSchema }, async ({ caller, body }) => ({
  data: await placeBet(caller.userId, body),
  statusCode: 201,
  message: MSG.betCreated,
}));
