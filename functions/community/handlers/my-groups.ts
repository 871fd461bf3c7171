import { apiHandler } from '#functions/http/api.ts';
import { myGroups } from '#functions/community/groups.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await myGroups(caller.userId) }));
