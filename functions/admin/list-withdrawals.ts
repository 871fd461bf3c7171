import { withdrawalListQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { listWithdrawalsByStatus } from '#functions/domain/wallet.ts';

export const handler = apiHandler({ query: withdrawalListQuerySchema }, async ({ query }) => ({ data: await listWithdrawalsByStatus(query.status) }));
