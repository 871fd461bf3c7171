import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

const origin = 'http://localhost:3000';

describe('redirectTarget', () => {
  it('goes home when the query is missing or the text null', () => {
    expect(redirectTarget(null, origin)).toBe('/home');
    expect(redirectTarget('', origin)).toBe('/home');
    expect(redirectTarget('null', origin)).toBe('/home');
  });

  it('keeps path, query and hash of a same-origin full URL', () => {
    expect(redirectTarget('http://localhost:3000/profile/abc?x=1#top', origin)).toBe('/profile/abc?x=1#top');
  });

  it('accepts a relative path', () => {
    expect(redirectTarget('/wallet', origin)).toBe('/wallet');
  });

  it('refuses other origins and protocol-relative tricks', () => {
    expect(redirectTarget('https://evil.example/steal', origin)).toBe('/home');
    expect(redirectTarget('//evil.example/x', origin)).toBe('/home');
    expect(redirectTarget('javascript:alert(1)', origin)).toBe('/home');
  });

  it('does not bounce back into the auth pages', () => {
    expect(redirectTarget('http://localhost:3000/auth/login', origin)).toBe('/home');
    expect(redirectTarget('/auth', origin)).toBe('/home');
  });
});
