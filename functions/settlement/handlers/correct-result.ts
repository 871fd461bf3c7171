import { MSG } from '#shared/messages.ts';
import { eventResultSchema, idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { queueSettlement } from '#functions/settlement/settlement-queue.ts';
import { recordCorrection } from '#functions/settlement/corrections.ts';

// Queued on every accepted call, a repeat of the correction in progress included: if a first queueing
// failed, posting the correction again settles it.
export const handler = apiHandler({ params: idParamsSchema, body: eventResultSchema }, async ({ params, body, caller }) => {
  const result = await recordCorrection(params.id, body, caller);
  await queueSettlement({ eventId: params.id, correction: result.correction });
  // The knockout's next match it voided: its bets are refunded like any void's.
  if (result.replacedNextEventId) await queueSettlement({ eventId: result.replacedNextEventId });
  return { data: result, statusCode: 202, message: MSG.correctionRecorded };
});
