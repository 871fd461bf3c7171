import { groupPicksQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { groupPicks } from '#functions/community/group-picks.ts';

export const handler = apiHandler({ query: groupPicksQuerySchema }, async ({ caller, query }) => ({ data: await groupPicks(caller.userId, query.eventIds) }));
