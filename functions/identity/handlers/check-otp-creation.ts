import type { OtpCreationAnswer } from '#shared/api.ts';
import { emailSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { verificationState } from '#functions/identity/accounts.ts';

export const handler = apiHandler({ query: emailSchema }, async ({ query }) => {
  const data: OtpCreationAnswer = await verificationState(query.email);
  return { data };
});
