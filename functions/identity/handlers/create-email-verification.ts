import { emailSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { requestEmailVerification } from '#functions/identity/account-mails.ts';

export const handler = apiHandler({ body: emailSchema }, async ({ body }) => {
  await requestEmailVerification(body.email);
  return { data: null, message: 'Verification email sent' };
});
