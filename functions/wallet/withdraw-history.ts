import { apiHandler } from '#functions/lib/api.ts';
import { listWithdrawals } from '#functions/domain/wallet.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await listWithdrawals(caller.userId) }));
