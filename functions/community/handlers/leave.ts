import { MSG } from '#shared/messages.ts';
import { groupIdSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { leaveGroup } from '#functions/community/groups.ts';

export const handler = apiHandler({ body: groupIdSchema }, async ({ body, caller }) => {
  await leaveGroup(caller.userId, body.groupId);
  return { data: null, message: MSG.groupLeft };
});
