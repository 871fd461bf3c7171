import { idParamsSchema, updateTournamentSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { updateTournament } from '#functions/catalog/edits.ts';

export const handler = apiHandler({ params: idParamsSchema, body: updateTournamentSchema }, async ({ params, body, caller }) => ({
  data: await updateTournament(params.id, body, caller),
}));
