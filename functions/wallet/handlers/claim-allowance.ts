import { MSG } from '#shared/messages.ts';
import { apiHandler } from '#functions/http/api.ts';
import { claimAllowance } from '#functions/wallet/allowance.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await claimAllowance(caller.userId), message: MSG.allowanceClaimed }));
