import { emailSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { isVerificationPending } from '#functions/identity/accounts.ts';

export const handler = apiHandler({ query: emailSchema }, async ({ query }) => ({
  data: { isOtpGenerated: await isVerificationPending(query.email) },
}));
