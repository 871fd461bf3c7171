import { apiHandler } from '#functions/lib/api.ts';
import { myGroups } from '#functions/domain/groups.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await myGroups(caller.userId) }));
