import { MSG } from '#shared/messages.ts';
import { idParamsSchema, tournamentCreatorSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { allowTournamentCreation } from '#functions/catalog/tournament-creators.ts';

export const handler = apiHandler({ params: idParamsSchema, body: tournamentCreatorSchema }, async ({ params, body }) => {
  await allowTournamentCreation(params.id, body.allowed);
  return { data: { mayCreateTournaments: body.allowed }, message: body.allowed ? MSG.tournamentCreatorAllowed : MSG.tournamentCreatorRevoked };
});
