import { updateUserSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { updateUserName } from '#functions/identity/profiles.ts';

export const handler = apiHandler({ body: updateUserSchema }, async ({ caller, body }) => ({
  data: await updateUserName(caller.userId, body.userName),
  message: 'User name updated',
}));
