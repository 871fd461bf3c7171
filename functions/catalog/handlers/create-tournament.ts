import { createTournamentSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { createTournament } from '#functions/catalog/edits.ts';

export const handler = apiHandler({ body: createTournamentSchema }, async ({ body }) => ({ data: await createTournament(body), statusCode: 201 }));
