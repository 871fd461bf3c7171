import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { eventHistory } from '#functions/domain/event-audit.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({ data: await eventHistory(caller, params.id) }));
