import { ACCESS_COOKIE } from '#shared/constants.ts';
import { apiHandler } from '#functions/http/api.ts';
import { clearedSessionCookies } from '#functions/http/cookies.ts';
import { endSession } from '#functions/identity/sessions.ts';

export const handler = apiHandler({}, async ({ cookies }) => {
  await endSession(cookies[ACCESS_COOKIE]);
  return { data: null, message: 'Logged out', cookies: clearedSessionCookies() };
});
