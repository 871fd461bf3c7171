import { MSG } from '#shared/messages.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { claimAllowance } from '#functions/domain/allowance.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await claimAllowance(caller.userId), message: MSG.allowanceClaimed }));
