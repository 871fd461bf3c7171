import { describe, expect, it } from 'vitest';
import { useTestEnv } from '../../tests/helpers/test-env.ts';

useTestEnv();
const { generateOtp, generateVerificationCode, hashCode, hashesEqual } = await import('./codes.ts');

describe('one-time codes', () => {
  it('OTPs are four digits, leading zeros kept, and spread over the range', () => {
    const otps = Array.from({ length: 2000 }, generateOtp);
    expect(otps.every((otp) => /^\d{4}$/.test(otp))).toBe(true);
    expect(new Set(otps).size).toBeGreaterThan(1500);
  });

  it('verification codes are long and URL-safe', () => {
    const code = generateVerificationCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateVerificationCode()).not.toBe(code);
  });

  it('hashes are keyed and bound to purpose and email, and never the code itself', () => {
    const hash = hashCode('reset-password', 'a@b.co', '1234');
    expect(hash).not.toContain('1234');
    expect(hashCode('reset-password', 'a@b.co', '1234')).toBe(hash);
    expect(hashCode('verify-email', 'a@b.co', '1234')).not.toBe(hash);
    expect(hashCode('reset-password', 'c@b.co', '1234')).not.toBe(hash);
    expect(hashCode('reset-password', 'a@b.co', '1235')).not.toBe(hash);
  });

  it('compares hashes of any length without throwing', () => {
    expect(hashesEqual('abc', 'abc')).toBe(true);
    expect(hashesEqual('abc', 'abd')).toBe(false);
    expect(hashesEqual('abc', 'abcd')).toBe(false);
  });
});
