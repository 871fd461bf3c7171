import { MSG } from '#shared/messages.ts';
import { organiserParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { removeOrganiser } from '#functions/catalog/organisers.ts';

export const handler = apiHandler({ params: organiserParamsSchema }, async ({ params, caller }) => {
  await removeOrganiser(params.id, params.userId, caller);
  return { data: null, message: MSG.organiserRemoved };
});
