import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { listOrganisers } from '#functions/domain/organisers.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params }) => ({ data: await listOrganisers(params.id) }));
