import { tournamentPoolQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { tournamentPool } from '#functions/pools/pool-view.ts';

export const handler = apiHandler({ query: tournamentPoolQuerySchema }, async ({ query }) => ({ data: await tournamentPool(query.tournamentId) }));
