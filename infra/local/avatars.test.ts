import { describe, expect, it } from 'vitest';
import { avatarKeyOf } from './avatars.ts';

describe('avatarKeyOf', () => {
  it('names the key of an avatar path, decoded once', () => {
    expect(avatarKeyOf('/avatars/4f0c2b9e-1d2a-4e6b-9c1f-0a1b2c3d4e5f/0123456789abcdef0123456789abcdef.jpg')).toBe('avatars/4f0c2b9e-1d2a-4e6b-9c1f-0a1b2c3d4e5f/0123456789abcdef0123456789abcdef.jpg');
    expect(avatarKeyOf('/avatars/u1/a%31.png')).toBe('avatars/u1/a1.png');
  });

  it('refuses every key outside avatars/, however the climb is spelled', () => {
    for (const path of [
      '/avatars/..%2Fexports/t/e.csv',
      '/avatars/%2E%2E%2Fexports/t/e.csv',
      '/avatars/u/..%2F..%2Fexports/t/e.csv',
      '/avatars/..%252Fexports/t/e.csv',
      '/avatars/%252E%252E%252Fexports%252Ft%252Fe.csv',
      '/avatars/..%5Cexports%5Ct%5Ce.csv',
      '/avatars/..\\exports\\t\\e.csv',
      '/avatars/.%2E/exports/t/e.csv',
      '/avatars/./u1/a1.png',
      '/avatars//u1/a1.png',
      '/avatars/',
      '/avatars/u1/a1.png%00',
      '/avatars/u1/%E0%A4%A.png',
      '/exports/t/e.csv',
    ]) {
      expect(avatarKeyOf(path), path).toBeUndefined();
    }
  });
});
