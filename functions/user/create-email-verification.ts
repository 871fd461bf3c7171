import { emailSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { requestEmailVerification } from '#functions/domain/account-mails.ts';

export const handler = apiHandler({ body: emailSchema }, async ({ body }) => {
  await requestEmailVerification(body.email);
  return { data: null, message: 'Verification email sent' };
});
