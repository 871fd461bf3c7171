import { updatePasswordSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { changePassword } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ body: updatePasswordSchema }, async ({ caller, body }) => {
  await changePassword(caller, body);
  return { data: null, message: 'Password updated' };
});
