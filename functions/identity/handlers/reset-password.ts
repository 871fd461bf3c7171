import type { ResetPasswordAnswer } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { resetPasswordSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { deviceCookie, sessionCookies } from '#functions/http/cookies.ts';
import { resetPassword } from '#functions/identity/accounts.ts';

export const handler = apiHandler(
  { body: resetPasswordSchema },
  async ({ body }) => {
    const reset = await resetPassword(body);
    const data: ResetPasswordAnswer = { signedIn: reset.signedIn };
    if (!reset.signedIn) return { data, message: 'Password reset' };
    return { data, message: 'Password reset', cookies: [...sessionCookies(reset.session), deviceCookie(reset.deviceToken)] };
  },
  { errorMessages: { 'otp-wrong': MSG.invalidOtp, 'otp-unusable': MSG.invalidOtp } },
);
