import { tournamentIdQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { listEvents } from '#functions/domain/catalog.ts';

export const handler = apiHandler({ query: tournamentIdQuerySchema }, async ({ query }) => ({
  data: await listEvents(query.tournamentId),
}));
