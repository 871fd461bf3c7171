import { MSG } from '#shared/messages.ts';
import { createGroupSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { createGroup } from '#functions/community/groups.ts';

export const handler = apiHandler({ body: createGroupSchema }, async ({ body, caller }) => ({
  data: await createGroup(caller.userId, body.name),
  statusCode: 201,
  message: MSG.groupCreated,
}));
