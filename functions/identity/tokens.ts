// Signed tokens (jose, HS256 only): the access token, the email-verification link token, the device
// cookie and the registration cookie. Each kind has its own `typ`, so a token of one kind is never
// accepted as another.
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  CODE_TTL_SECONDS,
  DEVICE_TOKEN_TTL_SECONDS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  REGISTRATION_TTL_SECONDS,
} from '#shared/constants.ts';
import type { Role } from '#shared/api.ts';
import { config } from '#functions/platform/config.ts';

const ALGORITHM = 'HS256';
const ACCESS_TYP = 'at+jwt';
const VERIFY_TYP = 'email-verify+jwt';
const DEVICE_TYP = 'device+jwt';
const REGISTRATION_TYP = 'registration+jwt';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
}

export interface EmailVerificationClaims {
  userId: string;
  email: string;
  codeId: string;
}

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

function sign(typ: string, subject: string, claims: JWTPayload, ttlSeconds: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ })
    .setSubject(subject)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(config().jwtSecret);
}

async function verify(typ: string, token: string, clockToleranceSeconds = 0): Promise<VerifyResult<JWTPayload>> {
  try {
    const { payload } = await jwtVerify(token, config().jwtSecret, {
      clockTolerance: clockToleranceSeconds,
      algorithms: [ALGORITHM],
      typ,
      audience: JWT_AUDIENCE,
      issuer: JWT_ISSUER,
      requiredClaims: ['sub', 'exp'],
    });
    return { ok: true, claims: payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (error instanceof errors.JOSEError || error instanceof TypeError) return { ok: false, reason: 'invalid' };
    throw error;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isRole = (v: unknown): v is Role => v === 'user' || v === 'operator';

export function signAccessToken({ userId, sessionId, role }: AccessClaims): Promise<string> {
  return sign(ACCESS_TYP, userId, { sid: sessionId, role }, ACCESS_TOKEN_TTL_SECONDS);
}


/** A session's two tokens, as the cookies carry them (functions/http/cookies.ts). */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * The access token's claims, or null for any token that is not a valid, unexpired access token.
 * `acceptExpiredFor` lets logout still name the session of a token that expired while its refresh
 * token (the session) may live on; the signature and every other check still apply.
 */
export async function verifyAccessToken(token: string, acceptExpiredFor = 0): Promise<AccessClaims | null> {
  const result = await verify(ACCESS_TYP, token, acceptExpiredFor);
  if (!result.ok) return null;
  const { sub, sid, role } = result.claims;
  if (!isString(sub) || !isString(sid) || !isRole(role)) return null;
  return { userId: sub, sessionId: sid, role };
}

export function signEmailVerificationToken({ userId, email, codeId }: EmailVerificationClaims): Promise<string> {
  return sign(VERIFY_TYP, userId, { email, jti: codeId }, CODE_TTL_SECONDS);
}

export async function verifyEmailVerificationToken(token: string): Promise<VerifyResult<EmailVerificationClaims>> {
  const result = await verify(VERIFY_TYP, token);
  if (!result.ok) return result;
  const { sub, email, jti } = result.claims;
  if (!isString(sub) || !isString(email) || !isString(jti)) return { ok: false, reason: 'invalid' };
  return { ok: true, claims: { userId: sub, email, codeId: jti } };
}

/** A user's token with a random id (`jti`): which device, which registration. */
interface UserBoundClaims {
  userId: string;
  id: string;
}

async function verifyUserBound(typ: string, token: string): Promise<UserBoundClaims | null> {
  const result = await verify(typ, token);
  if (!result.ok) return null;
  const { sub, jti } = result.claims;
  return isString(sub) && isString(jti) ? { userId: sub, id: jti } : null;
}

/** The device cookie of OWASP's pattern, issued on a successful login: it names the user and the device. */
export const signDeviceToken = (userId: string) => sign(DEVICE_TYP, userId, { jti: randomUUID() }, DEVICE_TOKEN_TTL_SECONDS);

/** The device id of a valid device token for this user, or undefined (missing, forged, expired, someone else's). */
export async function trustedDeviceId(token: string | undefined, userId: string): Promise<string | undefined> {
  const device = token ? await verifyUserBound(DEVICE_TYP, token) : null;
  return device?.userId === userId ? device.id : undefined;
}

/** Held by the browser that registered: names the user and that registration (`UserRecord.registrationId`). */
export const signRegistrationToken = (userId: string, registrationId: string) =>
  sign(REGISTRATION_TYP, userId, { jti: registrationId }, REGISTRATION_TTL_SECONDS);

export async function verifyRegistrationToken(token: string | undefined): Promise<{ userId: string; registrationId: string } | null> {
  const registration = token ? await verifyUserBound(REGISTRATION_TYP, token) : null;
  return registration && { userId: registration.userId, registrationId: registration.id };
}
