import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listScorerLinks } from '#functions/catalog/scorer-links.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({ data: await listScorerLinks(params.id, caller) }));
