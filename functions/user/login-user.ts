import { DEVICE_COOKIE } from '#shared/constants.ts';
import { loginSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { deviceCookie, sessionCookies } from '#functions/lib/cookies.ts';
import { login } from '#functions/domain/accounts.ts';

export const handler = apiHandler({ body: loginSchema }, async ({ body, cookies }) => {
  const { session, deviceToken } = await login(body, cookies[DEVICE_COOKIE]);
  return { data: null, message: 'Logged in', cookies: [...sessionCookies(session), deviceCookie(deviceToken)] };
});
