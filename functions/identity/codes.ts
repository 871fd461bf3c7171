// One-time codes: generated from a CSPRNG and stored only as a keyed hash. A 4-digit OTP has just
// 10^4 values, so a plain hash would be reversible; the HMAC key (from JWT_SECRET) prevents that.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '#shared/constants.ts';
import { config } from '#functions/platform/config.ts';
import type { CodePurpose } from '#functions/data/codes.ts';

/** A numeric OTP of OTP_LENGTH digits, leading zeros kept. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The secret part of an email-verification link (192 bits). */
export function generateVerificationCode(): string {
  return randomBytes(24).toString('base64url');
}

/** Binds the hash to its purpose and email, so a code cannot be replayed elsewhere. */
export function hashCode(purpose: CodePurpose, email: string, code: string): string {
  return createHmac('sha256', config().jwtSecret).update(`code:${purpose}:${email}:${code}`).digest('base64url');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
