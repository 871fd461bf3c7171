import { createOtpSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { requestPasswordReset } from '#functions/domain/account-mails.ts';

export const handler = apiHandler({ body: createOtpSchema }, async ({ body }) => {
  await requestPasswordReset(body.email);
  return { data: null, message: 'Otp sent' };
});
