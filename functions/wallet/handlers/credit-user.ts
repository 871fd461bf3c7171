import { randomUUID } from 'node:crypto';
import { MSG } from '#shared/messages.ts';
import { creditSchema, idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { rupeesToPaise } from '#shared/money.ts';
import { creditPrize } from '#functions/wallet/prizes.ts';

export const handler = apiHandler({ params: idParamsSchema, body: creditSchema }, async ({ params, body }) => {
  const credit = await creditPrize(params.id, {
    coins: body.coins ?? 0,
    cashPaise: rupeesToPaise(body.cash ?? 0),
    reason: body.reason,
    creditId: body.creditId ?? randomUUID(),
  });
  return { data: credit, message: credit.applied ? MSG.prizeCredited : MSG.prizeAlreadyCredited };
});
