import { idParamsSchema, updateEventSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { updateEvent } from '#functions/catalog/match-edits.ts';

export const handler = apiHandler({ params: idParamsSchema, body: updateEventSchema }, async ({ params, body, caller }) => ({
  data: await updateEvent(params.id, body, caller),
}));
