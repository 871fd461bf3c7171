import { REFRESH_COOKIE } from '#shared/constants.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { sessionCookies } from '#functions/lib/cookies.ts';
import { rotateSession } from '#functions/domain/sessions.ts';

export const handler = apiHandler({}, async ({ cookies }) => ({
  data: null,
  message: 'Session renewed',
  cookies: sessionCookies(await rotateSession(cookies[REFRESH_COOKIE])),
}));
