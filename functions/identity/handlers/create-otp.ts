import { createOtpSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { requestPasswordReset } from '#functions/identity/account-mails.ts';

export const handler = apiHandler({ body: createOtpSchema }, async ({ body }) => {
  await requestPasswordReset(body.email);
  return { data: null, message: 'Otp sent' };
});
