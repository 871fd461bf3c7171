import { idParamsSchema, ledgerQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { coinHistoryPage } from '#functions/wallet/coin-history.ts';

/** A person's coin history, for the operator: the same pages as their own GET /wallet/ledger. */
export const handler = apiHandler({ params: idParamsSchema, query: ledgerQuerySchema }, async ({ params, query }) => ({ data: await coinHistoryPage(params.id, query) }));
