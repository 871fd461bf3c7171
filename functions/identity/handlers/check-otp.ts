import { checkOtpSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { checkResetOtp } from '#functions/identity/accounts.ts';

export const handler = apiHandler({ body: checkOtpSchema }, async ({ body }) => {
  await checkResetOtp(body.email, body.otpCode);
  return { data: null, message: 'Otp is valid' };
});
