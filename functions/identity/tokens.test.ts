import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '#shared/constants.ts';
import { expiredVerificationToken, useTestEnv } from '../../tests/helpers/test-env.ts';

useTestEnv();
const { signAccessToken, verifyAccessToken, signEmailVerificationToken, verifyEmailVerificationToken } = await import('./tokens.ts');
const secret = () => new TextEncoder().encode(process.env.JWT_SECRET);

const claims = { userId: 'user-1', sessionId: 'session-1', role: 'user' as const };

/** An access-token look-alike with one thing changed. */
function forge({ typ = 'at+jwt', aud = JWT_AUDIENCE, iss = JWT_ISSUER, exp = '15m', key = secret() } = {}) {
  return new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ })
    .setSubject(claims.userId)
    .setAudience(aud)
    .setIssuer(iss)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);
}

describe('access tokens', () => {
  it('round-trip sub, sid and role', async () => {
    expect(await verifyAccessToken(await signAccessToken(claims))).toEqual(claims);
    expect(await verifyAccessToken(await forge())).toEqual(claims);
  });

  it('refuse alg none', async () => {
    const unsecured = new UnsecuredJWT({ sid: 's', role: 'operator' })
      .setSubject('user-1')
      .setAudience(JWT_AUDIENCE)
      .setIssuer(JWT_ISSUER)
      .setExpirationTime('15m')
      .encode();
    expect(await verifyAccessToken(unsecured)).toBeNull();
  });

  it('refuse a wrong signature', async () => {
    const other = new TextEncoder().encode('another-secret-that-is-long-enough-0123456789');
    expect(await verifyAccessToken(await forge({ key: other }))).toBeNull();
    const token = await signAccessToken(claims);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifyAccessToken(tampered)).toBeNull();
  });

  it('refuse an expired token', async () => {
    expect(await verifyAccessToken(await forge({ exp: '-1s' }))).toBeNull();
  });

  it('name the session of an expired token only within the grace logout allows, and never a forged one', async () => {
    expect(await verifyAccessToken(await forge({ exp: '-1h' }), 2 * 3600)).toEqual(claims);
    expect(await verifyAccessToken(await forge({ exp: '-3h' }), 2 * 3600)).toBeNull();
    const wrongKey = new TextEncoder().encode('another-secret-another-secret-another-secret');
    expect(await verifyAccessToken(await forge({ exp: '-1h', key: wrongKey }), 2 * 3600)).toBeNull();
  });

  it('refuse a wrong audience, issuer or typ', async () => {
    expect(await verifyAccessToken(await forge({ aud: 'someone-else' }))).toBeNull();
    expect(await verifyAccessToken(await forge({ iss: 'someone-else' }))).toBeNull();
    expect(await verifyAccessToken(await forge({ typ: 'JWT' }))).toBeNull();
  });

  it('refuse garbage', async () => {
    expect(await verifyAccessToken('')).toBeNull();
    expect(await verifyAccessToken('a.b.c')).toBeNull();
  });
});

describe('email verification tokens', () => {
  const verification = { userId: 'user-1', email: 'a@b.co', codeId: 'code-1' };

  it('round-trip and are not access tokens (nor the reverse)', async () => {
    const token = await signEmailVerificationToken(verification);
    expect(await verifyEmailVerificationToken(token)).toEqual({ ok: true, claims: verification });
    expect(await verifyAccessToken(token)).toBeNull();
    expect(await verifyEmailVerificationToken(await signAccessToken(claims))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tell an expired token from an invalid one', async () => {
    const expired = await expiredVerificationToken();
    expect(await verifyEmailVerificationToken(expired)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyEmailVerificationToken('nonsense')).toEqual({ ok: false, reason: 'invalid' });
  });
});
