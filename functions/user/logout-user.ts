import { ACCESS_COOKIE } from '#shared/constants.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { clearedSessionCookies } from '#functions/lib/cookies.ts';
import { endSession } from '#functions/domain/sessions.ts';

export const handler = apiHandler({}, async ({ cookies }) => {
  await endSession(cookies[ACCESS_COOKIE]);
  return { data: null, message: 'Logged out', cookies: clearedSessionCookies() };
});
