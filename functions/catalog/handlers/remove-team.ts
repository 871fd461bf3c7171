import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { removeTeam } from '#functions/catalog/edits.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => {
  await removeTeam(params.id, caller);
  return { data: null, message: MSG.teamRemoved };
});
