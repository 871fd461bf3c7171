import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { newPasswordProblem } from '#shared/account-rules.ts';
import { validateLogin, validateRegistration } from './validation.ts';

describe('validateRegistration', () => {
  const valid = { userName: 'Asha', email: 'asha@example.com', password: 'long-enough' };

  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it('requires every field', () => {
    expect(validateRegistration({ ...valid, userName: '  ' })).toBe(MSG.allFieldsRequired);
    expect(validateRegistration({ ...valid, email: '' })).toBe(MSG.allFieldsRequired);
    expect(validateRegistration({ ...valid, password: '' })).toBe(MSG.allFieldsRequired);
  });

  it('checks user name length, email shape and password length', () => {
    expect(validateRegistration({ ...valid, userName: 'ab' })).toBe(MSG.userNameTooShort);
    expect(validateRegistration({ ...valid, userName: 'x'.repeat(31) })).toBe(MSG.userNameTooLong);
    expect(validateRegistration({ ...valid, email: 'not-an-email' })).toBe(MSG.invalidEmail);
    expect(validateRegistration({ ...valid, password: '1234567' })).toBe('Password must contain atleast 8 characters');
    expect(validateRegistration({ ...valid, password: 'x'.repeat(129) })).toBe(MSG.passwordTooLong);
  });

  it('refuses user names with invisible, format or separator characters, or nothing visible', () => {
    for (const hidden of ['\u200b', '\u202e', '\u00ad', '\u2028', '\u2029', '\u3164', '\ufeff']) {
      expect(validateRegistration({ ...valid, userName: `As${hidden}ha` }), JSON.stringify(hidden)).toBe(MSG.userNameHiddenCharacters);
    }
    expect(validateRegistration({ ...valid, userName: '\u2800\u2800\u2800' })).toBe(MSG.userNameNotVisible);
    expect(validateRegistration({ ...valid, userName: 'Ásha 🎉' })).toBeNull();
  });
});

describe('validateLogin and newPasswordProblem', () => {
  it('requires email and password to log in', () => {
    expect(validateLogin('', 'x')).toBe(MSG.emailPasswordRequired);
    expect(validateLogin('a@b.co', '')).toBe(MSG.emailPasswordRequired);
    expect(validateLogin('a@b.co', 'x')).toBeNull();
    expect(validateLogin('a@b.co', 'x'.repeat(129))).toBe(MSG.passwordTooLong);
  });

  it('requires a long enough new password', () => {
    expect(newPasswordProblem('')).toBe(MSG.passwordRequired);
    expect(newPasswordProblem('short')).toBe(MSG.passwordTooShort);
    expect(newPasswordProblem('long-enough')).toBeNull();
  });
});
