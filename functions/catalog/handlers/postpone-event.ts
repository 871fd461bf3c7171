import { MSG } from '#shared/messages.ts';
import { idParamsSchema, postponeEventSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { postponeEvent } from '#functions/catalog/match-day.ts';

export const handler = apiHandler({ params: idParamsSchema, body: postponeEventSchema }, async ({ params, body, caller }) => ({
  data: await postponeEvent(params.id, body, caller),
  message: MSG.eventPostponed,
}));
