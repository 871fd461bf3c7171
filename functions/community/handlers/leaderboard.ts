import { groupIdParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { groupLeaderboard } from '#functions/community/groups.ts';

export const handler = apiHandler({ params: groupIdParamsSchema }, async ({ params, caller }) => ({
  data: await groupLeaderboard(caller.userId, params.groupId),
}));
