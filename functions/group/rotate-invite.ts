import { MSG } from '#shared/messages.ts';
import { groupIdSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { rotateInvite } from '#functions/domain/groups.ts';

export const handler = apiHandler({ body: groupIdSchema }, async ({ body, caller }) => ({
  data: await rotateInvite(caller.userId, body.groupId),
  message: MSG.inviteRotated,
}));
