import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { listHostels } from '#functions/domain/hostels.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({ data: await listHostels(caller, params.id) }));
