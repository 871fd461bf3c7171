import { MSG } from '#shared/messages.ts';
import { groupIdSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { rotateInvite } from '#functions/community/groups.ts';

export const handler = apiHandler({ body: groupIdSchema }, async ({ body, caller }) => ({
  data: await rotateInvite(caller.userId, body.groupId),
  message: MSG.inviteRotated,
}));
