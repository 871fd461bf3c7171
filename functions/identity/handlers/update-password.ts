import { DEVICE_COOKIE } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { updatePasswordSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { changePassword } from '#functions/identity/accounts.ts';

export const handler = apiHandler(
  { body: updatePasswordSchema },
  async ({ caller, body, cookies }) => {
    await changePassword(caller, body, cookies[DEVICE_COOKIE]);
    return { data: null, message: 'Password updated' };
  },
  { errorMessages: { 'login-throttled': MSG.tooManyPasswordTries } },
);
