import { idParamsSchema, updateEventSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { updateEvent } from '#functions/domain/catalog.ts';

export const handler = apiHandler({ params: idParamsSchema, body: updateEventSchema }, async ({ params, body, caller }) => ({
  data: await updateEvent(params.id, body, caller),
}));
