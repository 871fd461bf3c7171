import { tournamentPoolQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { groupPoolPicks } from '#functions/pools/pool-view.ts';

export const handler = apiHandler({ query: tournamentPoolQuerySchema }, async ({ caller, query }) => ({ data: await groupPoolPicks(caller.userId, query.tournamentId) }));
