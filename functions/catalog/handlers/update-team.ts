import { idParamsSchema, updateTeamSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { updateTeam } from '#functions/catalog/edits.ts';

export const handler = apiHandler({ params: idParamsSchema, body: updateTeamSchema }, async ({ params, body, caller }) => ({
  data: await updateTeam(params.id, body, caller),
}));
