import { ledgerQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { coinHistoryPage } from '#functions/wallet/coin-history.ts';

export const handler = apiHandler({ query: ledgerQuerySchema }, async ({ caller, query }) => ({ data: await coinHistoryPage(caller.userId, query) }));
