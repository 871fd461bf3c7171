import { apiHandler } from '#functions/lib/api.ts';
import { getWalletSummary } from '#functions/domain/wallet.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await getWalletSummary(caller.userId) }));
