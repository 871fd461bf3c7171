import { apiHandler } from '#functions/http/api.ts';
import { listWithdrawals } from '#functions/wallet/withdrawals.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await listWithdrawals(caller.userId) }));
