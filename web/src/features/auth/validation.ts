// Client-side checks of the auth forms (spec §5, issue 2: password at least 8 characters).
import { PASSWORD_MIN_LENGTH, USER_NAME_MAX_LENGTH, USER_NAME_MIN_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { Registration } from './api/create-user.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);

/** The first problem with a registration form, or null when it can be sent. */
export function validateRegistration({ userName, email, password }: Registration): string | null {
  if (!userName.trim() || !email.trim() || !password) return MSG.allFieldsRequired;
  if (userName.trim().length < USER_NAME_MIN_LENGTH) return MSG.userNameTooShort;
  if (userName.trim().length > USER_NAME_MAX_LENGTH) return MSG.userNameTooLong;
  if (!isEmail(email.trim())) return MSG.invalidEmail;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  return null;
}

export function validateLogin(email: string, password: string): string | null {
  if (!email.trim() || !password) return MSG.emailPasswordRequired;
  return null;
}

export function validateNewPassword(password: string): string | null {
  if (!password) return MSG.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  return null;
}
