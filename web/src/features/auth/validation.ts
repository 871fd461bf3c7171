// Client-side checks of the auth forms (spec §5: password at least 8 characters), with the
// server's own rules for user names and new passwords (shared/account-rules.ts).
import { PASSWORD_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { newPasswordProblem, userNameProblem } from '#shared/account-rules.ts';
import type { Registration } from './api/create-user.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);

/** The first problem with a registration form, or null when it can be sent. */
export function validateRegistration({ userName, email, password }: Registration): string | null {
  if (!userName.trim() || !email.trim() || !password) return MSG.allFieldsRequired;
  const nameProblem = userNameProblem(userName.trim());
  if (nameProblem) return nameProblem;
  if (!isEmail(email.trim())) return MSG.invalidEmail;
  return newPasswordProblem(password);
}

export function validateLogin(email: string, password: string): string | null {
  if (!email.trim() || !password) return MSG.emailPasswordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return MSG.passwordTooLong;
  return null;
}
