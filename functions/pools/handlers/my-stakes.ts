import { tournamentPoolQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listMyStakes } from '#functions/pools/staking.ts';

export const handler = apiHandler({ query: tournamentPoolQuerySchema }, async ({ caller, query }) => ({ data: await listMyStakes(caller.userId, query.tournamentId) }));
