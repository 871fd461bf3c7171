import { apiHandler } from '#functions/http/api.ts';
import { getCurrentUser } from '#functions/identity/profiles.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await getCurrentUser(caller.userId) }));
