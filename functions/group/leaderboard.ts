import { groupIdParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { groupLeaderboard } from '#functions/domain/groups.ts';

export const handler = apiHandler({ params: groupIdParamsSchema }, async ({ params, caller }) => ({
  data: await groupLeaderboard(caller.userId, params.groupId),
}));
