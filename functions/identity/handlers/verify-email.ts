import type { VerifyEmailAnswer } from '#shared/api.ts';
import { REGISTRATION_COOKIE } from '#shared/constants.ts';
import { verifyEmailQuerySchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { deviceCookie, registrationCookie, sessionCookies } from '#functions/http/cookies.ts';
import { verifyEmail } from '#functions/identity/accounts.ts';

export const handler = apiHandler({ query: verifyEmailQuerySchema }, async ({ query, cookies }) => {
  const verified = await verifyEmail(query.token, query.otpCode, cookies[REGISTRATION_COOKIE]);
  if (!verified.signedIn) {
    const data: VerifyEmailAnswer = { signedIn: false, ...(verified.pendingGroup && { pendingGroup: verified.pendingGroup }) };
    return { data, message: 'Email verified. Log in to continue' };
  }
  const data: VerifyEmailAnswer = { signedIn: true, ...(verified.joinedGroup && { joinedGroup: verified.joinedGroup }) };
  return {
    data,
    message: 'Email verified',
    cookies: [...sessionCookies(verified.session), deviceCookie(verified.deviceToken), registrationCookie()],
  };
});
