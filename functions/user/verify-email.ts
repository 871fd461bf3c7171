import { verifyEmailQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { sessionCookies } from '#functions/lib/cookies.ts';
import { verifyEmail } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ query: verifyEmailQuerySchema }, async ({ query }) => ({
  data: null,
  message: 'Email verified',
  cookies: sessionCookies(await verifyEmail(query.token, query.otpCode)),
}));
