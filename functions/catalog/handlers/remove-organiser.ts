import { MSG } from '#shared/messages.ts';
import { organiserParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { removeOrganiser } from '#functions/catalog/organisers.ts';

export const handler = apiHandler({ params: organiserParamsSchema }, async ({ params }) => {
  await removeOrganiser(params.id, params.userId);
  return { data: null, message: MSG.organiserRemoved };
});
