// zod schemas of every request payload, with the spec's messages. The functions validate with these;
// the web forms may reuse them so the browser and the server agree on the rules.
import * as z from 'zod';
import {
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_NAME_MAX_LENGTH,
  USER_NAME_MIN_LENGTH,
} from './constants.ts';
import { MSG } from './messages.ts';

/** A required string: missing, non-string or blank input all answer `requiredMessage`. */
const requiredString = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).refine((s) => s.trim().length > 0, requiredMessage);

const emailField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .pipe(z.email(MSG.invalidEmail));

const userNameField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .min(USER_NAME_MIN_LENGTH, MSG.userNameTooShort)
    .max(USER_NAME_MAX_LENGTH, MSG.userNameTooLong);

/** New passwords: not trimmed (spaces are characters), at least PASSWORD_MIN_LENGTH. */
const newPasswordField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort);

/** OTP digits; the web app may send them as a number, so leading zeros are restored. */
const otpField = (invalidMessage: string) =>
  z
    .union([z.string(), z.number()], { error: invalidMessage })
    .transform((value) => (typeof value === 'number' ? String(value).padStart(OTP_LENGTH, '0') : value.trim()))
    .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), invalidMessage));

export const registerSchema = z.object({
  userName: userNameField(MSG.allFieldsRequired),
  email: emailField(MSG.allFieldsRequired),
  password: newPasswordField(MSG.allFieldsRequired),
});

export const loginSchema = z.object({
  email: emailField(MSG.emailPasswordRequired),
  password: requiredString(MSG.emailPasswordRequired),
});

/** create-email-verification body and check-otp-creation query. */
export const emailSchema = z.object({ email: emailField(MSG.emailRequired) });

export const createOtpSchema = z.object({
  email: emailField(MSG.emailRequired),
  // Accepted for the spec's payload; the mail uses the server's own subject so it cannot be spoofed.
  subject: z.string().optional(),
  type: z.literal('reset-password', { error: MSG.invalidRequest }),
});

export const checkOtpSchema = z.object({
  email: emailField(MSG.emailRequired),
  otpCode: otpField(MSG.otpNotValid),
});

export const resetPasswordSchema = z.object({
  email: emailField(MSG.emailRequired),
  otpCode: otpField(MSG.invalidOtp),
  password: newPasswordField(MSG.passwordRequired),
});

export const verifyEmailQuerySchema = z.object({
  token: requiredString(MSG.invalidRequest),
  otpCode: requiredString(MSG.invalidRequest),
});

export const updateUserSchema = z.object({ userName: userNameField(MSG.userNameTooShort) });

export const updatePasswordSchema = z.object({
  currentPassword: requiredString(MSG.passwordRequired),
  newPassword: newPasswordField(MSG.passwordRequired),
});

export const userIdParamsSchema = z.object({ userId: z.uuid({ error: MSG.invalidId }) });

/** WebSocket `join` message. */
export const wsJoinSchema = z.object({ action: z.literal('join'), userId: z.string() });

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;
