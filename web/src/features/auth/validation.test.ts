import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { validateLogin, validateNewPassword, validateRegistration } from './validation.ts';

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
  });
});

describe('validateLogin and validateNewPassword', () => {
  it('requires email and password to log in', () => {
    expect(validateLogin('', 'x')).toBe(MSG.emailPasswordRequired);
    expect(validateLogin('a@b.co', '')).toBe(MSG.emailPasswordRequired);
    expect(validateLogin('a@b.co', 'x')).toBeNull();
  });

  it('requires a long enough new password', () => {
    expect(validateNewPassword('')).toBe(MSG.passwordRequired);
    expect(validateNewPassword('short')).toBe(MSG.passwordTooShort);
    expect(validateNewPassword('long-enough')).toBeNull();
  });
});
