import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { eventHistory } from '#functions/catalog/event-audit.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({ data: await eventHistory(caller, params.id) }));
