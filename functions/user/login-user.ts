import { loginSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { sessionCookies } from '#functions/lib/cookies.ts';
import { login } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ body: loginSchema }, async ({ body }) => ({
  data: null,
  message: 'Logged in',
  cookies: sessionCookies(await login(body)),
}));
