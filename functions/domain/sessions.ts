// Sessions: an access JWT (short-lived) plus a refresh token `<sid>.<secret>` whose secret is stored
// only as a hash and replaced on every use. Presenting a secret that is not the current one means a
// token was copied: the whole session (the refresh-token family) is revoked.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { REFRESH_TOKEN_TTL_SECONDS } from '#shared/constants.ts';
import type { Role } from '#shared/api.ts';
import { db, MAX_TRANSACT_ITEMS, nowSeconds, type TransactItem } from '#functions/lib/dynamodb.ts';
import type { SessionTokens } from '#functions/lib/cookies.ts';
import * as sessions from '#functions/data/sessions.ts';
import { DomainError } from './errors.ts';
import { signAccessToken, verifyAccessToken, type AccessClaims } from './tokens.ts';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

function parseRefreshToken(token: string): { sessionId: string; secret: string } | undefined {
  const [sessionId, secret, ...rest] = token.split('.');
  if (!sessionId || !secret || rest.length > 0) return undefined;
  return { sessionId, secret };
}

/**
 * The DynamoDB items that open a session, with its tokens. Callers put `items` into their own
 * TransactWrite, so a session only exists if the change that granted it (login, verify) committed.
 */
export async function prepareSession(user: { userId: string; role: Role }): Promise<{ items: TransactItem[]; tokens: SessionTokens }> {
  const sessionId = randomUUID();
  const secret = newSecret();
  const now = nowSeconds();
  const item = sessions.newSessionItem({
    sessionId,
    userId: user.userId,
    role: user.role,
    secretHash: hashSecret(secret),
    createdAt: new Date(now * 1000).toISOString(),
    expiresAt: now + REFRESH_TOKEN_TTL_SECONDS,
  });
  const accessToken = await signAccessToken({ userId: user.userId, sessionId, role: user.role });
  return { items: [item], tokens: { accessToken, refreshToken: `${sessionId}.${secret}` } };
}

/** The caller of a valid access token whose session is still open; null otherwise. */
export async function authenticate(accessToken: string | undefined): Promise<AccessClaims | null> {
  if (!accessToken) return null;
  const claims = await verifyAccessToken(accessToken);
  if (!claims) return null;
  const session = await sessions.getSession(claims.sessionId);
  const open = !!session && session.userId === claims.userId && session.expiresAt > nowSeconds();
  return open ? claims : null;
}

/** New tokens for a valid refresh token; a stale one revokes the session. */
export async function rotateSession(refreshToken: string | undefined): Promise<SessionTokens> {
  const parsed = refreshToken ? parseRefreshToken(refreshToken) : undefined;
  if (!parsed) throw new DomainError('unauthorized');
  const session = await sessions.getSession(parsed.sessionId);
  if (!session || session.expiresAt <= nowSeconds()) throw new DomainError('unauthorized');

  const presentedHash = hashSecret(parsed.secret);
  const secret = newSecret();
  const rotated =
    presentedHash === session.secretHash &&
    (await sessions.rotateSessionSecret(session.sessionId, presentedHash, hashSecret(secret), nowSeconds() + REFRESH_TOKEN_TTL_SECONDS));
  if (!rotated) {
    // Reuse of a replaced secret (or a lost race against another use of the same one).
    await sessions.deleteSession(session.sessionId);
    throw new DomainError('unauthorized');
  }
  const accessToken = await signAccessToken({ userId: session.userId, sessionId: session.sessionId, role: session.role });
  return { accessToken, refreshToken: `${session.sessionId}.${secret}` };
}

/** Ends the session a token belongs to; a missing or invalid token is not an error (logout always succeeds). */
export async function endSession(accessToken: string | undefined): Promise<void> {
  // An expired access token still names its session, which may outlive it: revoke that too.
  const claims = accessToken ? await verifyAccessToken(accessToken, REFRESH_TOKEN_TTL_SECONDS) : null;
  if (claims) await sessions.deleteSession(claims.sessionId);
}

/**
 * Runs `items` (a password change) in one transaction together with revoking the user's other
 * sessions. Should a user hold more sessions than one transaction can carry, the rest are revoked
 * right after, in further transactions.
 */
export async function commitRevokingSessions(
  userId: string,
  items: TransactItem[],
  keepSessionId?: string,
): Promise<void> {
  const doomed = (await sessions.listSessionIds(userId)).filter((id) => id !== keepSessionId).map(sessions.deleteSessionItem);
  const room = MAX_TRANSACT_ITEMS - items.length;
  await db.send(new TransactWriteCommand({ TransactItems: [...items, ...doomed.slice(0, room)] }));
  for (let i = room; i < doomed.length; i += MAX_TRANSACT_ITEMS) {
    await db.send(new TransactWriteCommand({ TransactItems: doomed.slice(i, i + MAX_TRANSACT_ITEMS) }));
  }
}
