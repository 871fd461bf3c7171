import { describe, expect, it } from 'vitest';
import { clearedSessionCookies, parseCookies, sessionCookies, headerValue } from './cookies.ts';

describe('session cookies', () => {
  it('are HttpOnly and Secure, Lax for access and Strict on the refresh path for refresh, both as long as the session', () => {
    const [access, refresh] = sessionCookies({ accessToken: 'a.b.c', refreshToken: 'sid.secret' });
    expect(access).toBe('accessToken=a.b.c; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=2592000');
    expect(refresh).toBe('refreshToken=sid.secret; HttpOnly; Secure; SameSite=Strict; Path=/api/v1/user/refresh-token; Max-Age=2592000');
  });

  it('are cleared with Max-Age=0 on the same paths', () => {
    const [access, refresh] = clearedSessionCookies();
    expect(access).toMatch(/^accessToken=; .*Path=\/; Max-Age=0$/);
    expect(refresh).toMatch(/^refreshToken=; .*Path=\/api\/v1\/user\/refresh-token; Max-Age=0$/);
  });

  it('are read from an API Gateway cookies array or a Cookie header', () => {
    expect(parseCookies(['a=1', 'b=x=y', 'a=2'])).toEqual({ a: '1', b: 'x=y' });
    expect(parseCookies('a=1; accessToken=t.k.n')).toEqual({ a: '1', accessToken: 't.k.n' });
    expect(parseCookies(undefined)).toEqual({});
  });
});

describe('headerValue', () => {
  it('finds a header whatever the case the client sent', () => {
    expect(headerValue({ Cookie: 'a=1' }, 'cookie')).toBe('a=1');
    expect(headerValue({ cookie: 'a=1' }, 'Cookie')).toBe('a=1');
    expect(headerValue(undefined, 'cookie')).toBeUndefined();
  });
});
