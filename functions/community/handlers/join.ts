import { MSG } from '#shared/messages.ts';
import { joinGroupSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { joinGroup } from '#functions/community/groups.ts';

export const handler = apiHandler({ body: joinGroupSchema }, async ({ body, caller }) => ({
  data: await joinGroup(caller.userId, body.inviteCode),
  message: MSG.groupJoined,
}));
