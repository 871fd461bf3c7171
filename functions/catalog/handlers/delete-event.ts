import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { deleteEvent } from '#functions/catalog/match-edits.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => {
  await deleteEvent(params.id, caller);
  return { data: null, message: MSG.eventDeleted };
});
