import { apiHandler } from '#functions/lib/api.ts';
import { getCurrentUser } from '#functions/domain/profiles.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await getCurrentUser(caller.userId) }));
