import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { queueSettlement } from '#functions/settlement/settlement-queue.ts';
import { confirmProvisional } from '#functions/settlement/provisional-results.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => {
  const result = await confirmProvisional(params.id, caller);
  await queueSettlement({ eventId: params.id });
  return { data: result, statusCode: 202, message: MSG.provisionalConfirmed };
});
