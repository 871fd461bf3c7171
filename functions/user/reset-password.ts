import { MSG } from '#shared/messages.ts';
import { resetPasswordSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { resetPassword } from '#functions/domain/accounts.ts';

export const handler = apiHandler(
  { body: resetPasswordSchema },
  async ({ body }) => {
    await resetPassword(body);
    return { data: null, message: 'Password reset' };
  },
  { errorMessages: { 'otp-wrong': MSG.invalidOtp, 'otp-unusable': MSG.invalidOtp } },
);
