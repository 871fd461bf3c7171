import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listOrganisers } from '#functions/catalog/organisers.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({ data: await listOrganisers(params.id, caller) }));
