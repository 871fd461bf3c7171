import { ledgerQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { coinHistoryPage } from '#functions/domain/coin-history.ts';

export const handler = apiHandler({ query: ledgerQuerySchema }, async ({ caller, query }) => ({ data: await coinHistoryPage(caller.userId, query) }));
