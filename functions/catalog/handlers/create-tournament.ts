import { createTournamentSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { createTournament } from '#functions/catalog/edits.ts';

export const handler = apiHandler({ body: createTournamentSchema }, async ({ body, caller }) => ({ data: await createTournament(body, caller), statusCode: 201 }));
