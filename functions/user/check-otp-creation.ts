import { emailSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { isVerificationPending } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ query: emailSchema }, async ({ query }) => ({
  data: { isOtpGenerated: await isVerificationPending(query.email) },
}));
