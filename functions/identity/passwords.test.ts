import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt N=2^17, r=8, p=1 and a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
  });

  it('hashes new passwords at the cost PASSWORD_SCRYPT_LOG2_N sets, still verifying hashes of another cost', async () => {
    const atFullCost = await hashPassword('correct horse');
    process.env.PASSWORD_SCRYPT_LOG2_N = '14';
    try {
      const cheaper = await hashPassword('correct horse');
      expect(cheaper).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(await verifyPassword('correct horse', cheaper)).toBe(true);
      expect(await verifyPassword('correct horse', atFullCost)).toBe(true);
      process.env.PASSWORD_SCRYPT_LOG2_N = '10';
      await expect(hashPassword('correct horse')).rejects.toThrow(/PASSWORD_SCRYPT_LOG2_N/);
    } finally {
      delete process.env.PASSWORD_SCRYPT_LOG2_N;
    }
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });

  it('refuses malformed hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA==$')).toBe(false);
  });
});
