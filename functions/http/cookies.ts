// The session cookies, exactly as docs/architecture.md describes them.
import {
  ACCESS_COOKIE,
  DEVICE_COOKIE,
  DEVICE_COOKIE_PATH,
  DEVICE_TOKEN_TTL_SECONDS,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_TTL_SECONDS,
  REGISTRATION_COOKIE,
  REGISTRATION_COOKIE_PATH,
  REGISTRATION_TTL_SECONDS,
} from '#shared/constants.ts';
import type { SessionTokens } from '#functions/identity/tokens.ts';

const accessAttributes = 'HttpOnly; Secure; SameSite=Lax; Path=/';
const refreshAttributes = `HttpOnly; Secure; SameSite=Strict; Path=${REFRESH_COOKIE_PATH}`;


/**
 * Set-Cookie values for a fresh or rotated session. Both cookies live as long as the session: the
 * access token inside expires after 15 minutes but still names its session, so a logout after a long
 * idle time revokes it (the refresh cookie never reaches the logout path).
 */
export function sessionCookies({ accessToken, refreshToken }: SessionTokens): string[] {
  return [
    `${ACCESS_COOKIE}=${accessToken}; ${accessAttributes}; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}`,
    `${REFRESH_COOKIE}=${refreshToken}; ${refreshAttributes}; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}`,
  ];
}

/** Set-Cookie values that delete both session cookies (same Path, Max-Age=0). */
export function clearedSessionCookies(): string[] {
  return [`${ACCESS_COOKIE}=; ${accessAttributes}; Max-Age=0`, `${REFRESH_COOKIE}=; ${refreshAttributes}; Max-Age=0`];
}

/** The device cookie (login throttle): sent only to the calls that check a password (login, change). */
export const deviceCookie = (token: string) =>
  `${DEVICE_COOKIE}=${token}; HttpOnly; Secure; SameSite=Strict; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_TOKEN_TTL_SECONDS}`;

/** The registering browser's cookie: sent only to verify-email; Max-Age=0 (no token) deletes it. */
export const registrationCookie = (token?: string) =>
  `${REGISTRATION_COOKIE}=${token ?? ''}; HttpOnly; Secure; SameSite=Strict; Path=${REGISTRATION_COOKIE_PATH}; Max-Age=${token ? REGISTRATION_TTL_SECONDS : 0}`;

/**
 * Cookie values by name from API Gateway's `cookies` array (`name=value` each) or a raw Cookie header
 * (`a=1; b=2`, as WebSocket $connect events carry). The first occurrence of a name wins.
 */
export function parseCookies(source: readonly string[] | string | undefined): Record<string, string> {
  const pairs = typeof source === 'string' ? source.split(';') : (source ?? []);
  const cookies: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (name && !(name in cookies)) cookies[name] = pair.slice(eq + 1).trim();
  }
  return cookies;
}

/** A header's value whatever its case: WebSocket $connect events keep the client's header names (`Cookie`). */
export function headerValue(headers: Record<string, string | undefined> | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
