import { betListQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listBetHistory } from '#functions/betting/betting.ts';

export const handler = apiHandler({ query: betListQuerySchema }, async ({ caller, query }) => ({
  data: await listBetHistory(caller.userId, query.userId ?? caller.userId),
}));
