import { tournamentShapeQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { tournamentShape } from '#functions/catalog/engine/tournament-shape.ts';

export const handler = apiHandler({ query: tournamentShapeQuerySchema }, async ({ query }) => ({ data: await tournamentShape(query.tournamentId) }));
