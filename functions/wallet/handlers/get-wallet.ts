import { apiHandler } from '#functions/http/api.ts';
import { getWalletSummary } from '#functions/wallet/balances.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await getWalletSummary(caller.userId) }));
