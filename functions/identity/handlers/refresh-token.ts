import { REFRESH_COOKIE } from '#shared/constants.ts';
import { apiHandler } from '#functions/http/api.ts';
import { sessionCookies } from '#functions/http/cookies.ts';
import { rotateSession } from '#functions/identity/sessions.ts';

export const handler = apiHandler({}, async ({ cookies }) => ({
  data: null,
  message: 'Session renewed',
  cookies: sessionCookies(await rotateSession(cookies[REFRESH_COOKIE])),
}));
