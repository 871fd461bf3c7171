import { SignJWT } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '#shared/constants.ts';

// Configuration for unit tests that need it (tokens, code hashing); integration tests use the local cloud's.
export function useTestEnv(): void {
  Object.assign(process.env, {
    TABLE_NAME: process.env.TABLE_NAME ?? 'bet-play-win-unit',
    AVATAR_BUCKET: process.env.AVATAR_BUCKET ?? 'avatars-unit',
    APP_ORIGIN: process.env.APP_ORIGIN ?? 'http://localhost:3000',
    MAIL_FROM: process.env.MAIL_FROM ?? 'no-reply@test.local',
    JWT_SECRET: process.env.JWT_SECRET ?? 'unit-test-secret-that-is-long-enough-0123456789',
  });
}

/** An email-verification link token, signed with the test secret, that expired a second ago. */
export function expiredVerificationToken(): Promise<string> {
  return new SignJWT({ email: 'a@b.co', jti: 'code-1' })
    .setProtectedHeader({ alg: 'HS256', typ: 'email-verify+jwt' })
    .setSubject('user-1')
    .setAudience(JWT_AUDIENCE)
    .setIssuer(JWT_ISSUER)
    .setExpirationTime('-1s')
    .sign(new TextEncoder().encode(process.env.JWT_SECRET));
}
