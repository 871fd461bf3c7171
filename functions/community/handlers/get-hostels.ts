import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listHostels } from '#functions/community/hostels.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({ data: await listHostels(caller, params.id) }));
