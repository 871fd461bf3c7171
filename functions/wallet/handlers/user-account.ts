import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { getPerson } from '#functions/wallet/person.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params }) => ({ data: await getPerson(params.id) }));
