// Account flows that send mail (kept apart so handlers without mail do not bundle the SES client).
import * as users from '#functions/data/users.ts';
import { generateOtp, generateVerificationCode } from './codes.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { sendResetOtpMail, sendVerificationMail, verificationLink } from './mail.ts';
import { issueCode } from './one-time-codes.ts';
import { signEmailVerificationToken } from './tokens.ts';

/**
 * Mails a verification link. Unknown and already verified emails get no mail and no error, so this
 * call does not tell who has an account.
 */
export async function requestEmailVerification(email: string): Promise<void> {
  const user = await users.getUserByEmail(email);
  if (!user || user.verified) return;
  const code = generateVerificationCode();
  const codeId = await issueCode('verify-email', email, user.id, code);
  const token = await signEmailVerificationToken({ userId: user.id, email, codeId });
  await sendVerificationMail(email, verificationLink(token, code));
}

/** Mails a reset OTP. Unknown emails answer 'User not registered', as the spec's reset screen expects. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await users.getUserByEmail(email);
  if (!user) throw new DomainError('user-not-registered');
  const otp = generateOtp();
  await issueCode('reset-password', email, user.id, otp);
  await sendResetOtpMail(email, otp);
}
