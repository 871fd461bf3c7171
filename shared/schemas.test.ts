import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { MSG } from './messages.ts';
import {
  checkOtpSchema,
  createOtpSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updatePasswordSchema,
  updateUserSchema,
  userIdParamsSchema,
} from './schemas.ts';

const firstMessage = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('registerSchema', () => {
  const valid = { userName: '  Priya  ', email: ' Priya@Example.COM ', password: 'password1' };

  it('trims the name and normalises the email', () => {
    expect(registerSchema.parse(valid)).toEqual({ userName: 'Priya', email: 'priya@example.com', password: 'password1' });
  });

  it('requires every field', () => {
    expect(firstMessage(registerSchema, { ...valid, userName: undefined })).toBe(MSG.allFieldsRequired);
    expect(firstMessage(registerSchema, { ...valid, email: '' })).toBe(MSG.allFieldsRequired);
    expect(firstMessage(registerSchema, { ...valid, password: '' })).toBe(MSG.allFieldsRequired);
  });

  it('checks name length after trimming, email format and password length', () => {
    expect(firstMessage(registerSchema, { ...valid, userName: '  ab  ' })).toBe(MSG.userNameTooShort);
    expect(firstMessage(registerSchema, { ...valid, userName: 'x'.repeat(31) })).toBe(MSG.userNameTooLong);
    expect(registerSchema.safeParse({ ...valid, userName: 'x'.repeat(30) }).success).toBe(true);
    expect(firstMessage(registerSchema, { ...valid, email: 'not-an-email' })).toBe(MSG.invalidEmail);
    expect(firstMessage(registerSchema, { ...valid, password: '1234567' })).toBe(MSG.passwordTooShort);
    expect(registerSchema.safeParse({ ...valid, password: '12345678' }).success).toBe(true);
  });
});

describe('loginSchema', () => {
  it('asks for email and password', () => {
    expect(firstMessage(loginSchema, {})).toBe(MSG.emailPasswordRequired);
    expect(firstMessage(loginSchema, { email: 'a@b.co', password: '   ' })).toBe(MSG.emailPasswordRequired);
  });
});

describe('OTP fields', () => {
  it('accepts four digits as a string or a number, keeping leading zeros', () => {
    expect(checkOtpSchema.parse({ email: 'a@b.co', otpCode: '0042' }).otpCode).toBe('0042');
    expect(checkOtpSchema.parse({ email: 'a@b.co', otpCode: 42 }).otpCode).toBe('0042');
  });

  it('refuses other shapes with the endpoint message', () => {
    expect(firstMessage(checkOtpSchema, { email: 'a@b.co', otpCode: '12a4' })).toBe(MSG.otpNotValid);
    expect(firstMessage(resetPasswordSchema, { email: 'a@b.co', otpCode: '12345', password: 'password1' })).toBe(MSG.invalidOtp);
  });
});

describe('other payloads', () => {
  it('create-otp needs type reset-password', () => {
    expect(createOtpSchema.safeParse({ email: 'a@b.co', subject: 'x', type: 'reset-password' }).success).toBe(true);
    expect(firstMessage(createOtpSchema, { email: 'a@b.co', type: 'other' })).toBe(MSG.invalidRequest);
    expect(firstMessage(createOtpSchema, { type: 'reset-password' })).toBe(MSG.emailRequired);
  });

  it('reset-password needs a long enough password', () => {
    expect(firstMessage(resetPasswordSchema, { email: 'a@b.co', otpCode: '1234' })).toBe(MSG.passwordRequired);
    expect(firstMessage(resetPasswordSchema, { email: 'a@b.co', otpCode: '1234', password: 'short' })).toBe(MSG.passwordTooShort);
  });

  it('update-user and update-password', () => {
    expect(updateUserSchema.parse({ userName: ' Ravi ' })).toEqual({ userName: 'Ravi' });
    expect(firstMessage(updateUserSchema, { userName: 'ab' })).toBe(MSG.userNameTooShort);
    expect(firstMessage(updatePasswordSchema, { currentPassword: 'x', newPassword: 'short' })).toBe(MSG.passwordTooShort);
  });

  it('user ids are UUIDs', () => {
    expect(userIdParamsSchema.safeParse({ userId: crypto.randomUUID() }).success).toBe(true);
    expect(firstMessage(userIdParamsSchema, { userId: '123' })).toBe(MSG.invalidId);
  });
});
