import { MSG } from '#shared/messages.ts';
import { eventResultSchema, idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { queueSettlement } from '#functions/settlement/settlement-queue.ts';
import { decideEvent } from '#functions/settlement/results.ts';

// Queued on every call, a repeat included: if a first queueing failed, posting the result again settles.
export const handler = apiHandler({ params: idParamsSchema, body: eventResultSchema }, async ({ params, body, caller }) => {
  const result = await decideEvent(params.id, body, caller);
  await queueSettlement({ eventId: params.id });
  return { data: result, statusCode: 202, message: MSG.resultRecorded };
});
