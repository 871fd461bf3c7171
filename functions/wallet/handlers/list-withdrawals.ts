import { withdrawalListQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { listWithdrawalsByStatus } from '#functions/wallet/withdrawals.ts';

export const handler = apiHandler({ query: withdrawalListQuerySchema }, async ({ query }) => ({ data: await listWithdrawalsByStatus(query.status) }));
