// Sessions: an access JWT (short-lived) plus a refresh token `<sid>.<secret>` whose secret is stored
// only as a hash and replaced on every use. Presenting a secret that is not the current one means a
// token was copied: the whole session (the refresh-token family) is revoked, except for the token
// replaced less than a few seconds ago (two tabs refreshing at once, a retry whose answer was lost).
// Ending a session also closes its WebSockets (connections.ts).
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_SECONDS } from '#shared/constants.ts';
import type { Role } from '#shared/api.ts';
import { config } from '#functions/platform/config.ts';
import { nowSeconds, readTogether, transactWrite, type ItemRead, type TransactItem } from '#functions/platform/dynamodb.ts';
import { log } from '#functions/platform/logger.ts';
import * as connections from '#functions/data/connections.ts';
import * as sessions from '#functions/data/sessions.ts';
import { closeConnectionsOf } from '#functions/notifications/connections.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { signAccessToken, verifyAccessToken, type AccessClaims } from './tokens.ts';
import type { SessionTokens } from './tokens.ts';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');
/**
 * The secret that replaces `secret` on rotation: derived (HMAC keyed with the server secret, so
 * unpredictable without it) rather than drawn, so the token just replaced can be answered the same new
 * one during the grace window although the table holds only hashes.
 */
const nextSecret = (sessionId: string, secret: string) => createHmac('sha256', config().jwtSecret).update(`refresh:${sessionId}:${secret}`).digest('base64url');

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

/**
 * The access token's caller with its session not yet read, for a call that reads the session in the
 * BatchGetItem of its own first read (a bet: one round trip fewer): `sessionOpen` is that read, and
 * the call refuses unless it answers true, before it writes anything.
 */
export async function authenticateLater(accessToken: string | undefined): Promise<{ claims: AccessClaims; sessionOpen: ItemRead<boolean> } | null> {
  if (!accessToken) return null;
  const claims = await verifyAccessToken(accessToken);
  if (!claims) return null;
  return { claims, sessionOpen: sessions.openSessionRead(claims.sessionId, claims.userId) };
}

/** The caller of a valid access token whose session is still open; null otherwise. */
export async function authenticate(accessToken: string | undefined): Promise<AccessClaims | null> {
  const later = await authenticateLater(accessToken);
  if (!later) return null;
  return (await sessions.getOpenSession(later.claims.sessionId, later.claims.userId)) ? later.claims : null;
}

/**
 * Records a WebSocket: anonymous without an access token (it may only watch public data), else as the
 * token's open session's, so posts reach its user and ending the session closes it. False when the
 * token authenticates nothing, its user has the most sockets open already (connections.MAX_SOCKETS), or
 * its session ended before the record was written: the write checks the session in the same
 * transaction, and marks it open on the user's sockets for the posts to trust.
 */
export async function openSocket(connectionId: string, accessToken: string | undefined): Promise<boolean> {
  const now = nowSeconds();
  if (!accessToken) {
    await connections.saveConnection({ connectionId }, now);
    return true;
  }
  const later = await authenticateLater(accessToken);
  if (!later) return false;
  const { userId, sessionId } = later.claims;
  const [openUntil, staleMarks] = await readTogether([sessions.openUntilRead(sessionId, userId), connections.staleSessionMarksRead(userId, now)], true);
  if (openUntil === undefined) return false;
  return connections.saveConnection({ connectionId, userId, sessionId }, now, {
    stillOpen: sessions.stillOpenCheck(sessionId, userId, now),
    openUntil,
    staleMarks: staleMarks ?? [],
  });
}

/** Ends the session and closes its WebSockets. */
async function revoke(session: { sessionId: string; userId: string }): Promise<void> {
  await transactWrite(sessions.endSessionsItems(session.userId, [session.sessionId]));
  await closeConnectionsOf(session.userId, (id) => id === session.sessionId);
}

/**
 * Whether `nextHash` became the session's secret less than the grace window ago: the presented token
 * is the one it replaced, used again by a second tab or a retry. Read again, since the rotation that
 * replaced it may have been a concurrent one.
 */
async function justReplaced(sessionId: string, nextHash: string): Promise<boolean> {
  const session = await sessions.getSession(sessionId);
  return session?.secretHash === nextHash && Date.now() - (session.rotatedAt ?? 0) <= REFRESH_REUSE_GRACE_MS;
}

/**
 * New tokens for a valid refresh token. The token replaced within the grace window gets the same new
 * refresh token (and a fresh access token); any older one revokes the session.
 */
export async function rotateSession(refreshToken: string | undefined): Promise<SessionTokens> {
  const parsed = refreshToken ? parseRefreshToken(refreshToken) : undefined;
  if (!parsed) throw new DomainError('unauthorized');
  const session = await sessions.getSession(parsed.sessionId);
  if (!session || session.expiresAt <= nowSeconds()) throw new DomainError('unauthorized');

  const presentedHash = hashSecret(parsed.secret);
  const secret = nextSecret(session.sessionId, parsed.secret);
  const renewed =
    (presentedHash === session.secretHash &&
      (await sessions.rotateSessionSecret(session.sessionId, presentedHash, hashSecret(secret), nowSeconds() + REFRESH_TOKEN_TTL_SECONDS, Date.now()))) ||
    (await justReplaced(session.sessionId, hashSecret(secret)));
  if (!renewed) {
    // A replaced secret used again after the window: a copy is in someone else's hands.
    log('warn', 'refresh token reused: session revoked', { userId: session.userId, sessionId: session.sessionId });
    await revoke(session);
    throw new DomainError('unauthorized');
  }
  const accessToken = await signAccessToken({ userId: session.userId, sessionId: session.sessionId, role: session.role });
  return { accessToken, refreshToken: `${session.sessionId}.${secret}` };
}

/** Ends the session a token belongs to; a missing or invalid token is not an error (logout always succeeds). */
export async function endSession(accessToken: string | undefined): Promise<void> {
  // An expired access token still names its session, which may outlive it: revoke that too.
  const claims = accessToken ? await verifyAccessToken(accessToken, REFRESH_TOKEN_TTL_SECONDS) : null;
  if (claims) await revoke(claims);
}

/**
 * Runs `items` (a password change) in one transaction together with revoking the user's other
 * sessions. Should a user hold more sessions than one transaction can carry, the rest are revoked
 * right after, in further transactions. Then their WebSockets are closed.
 */
export async function commitRevokingSessions(
  userId: string,
  items: TransactItem[],
  keepSessionId?: string,
): Promise<void> {
  const doomed = (await sessions.listSessionIds(userId)).filter((id) => id !== keepSessionId);
  const room = sessions.SESSIONS_PER_WRITE - items.length;
  await transactWrite([...items, ...sessions.endSessionsItems(userId, doomed.slice(0, room))]);
  for (let i = room; i < doomed.length; i += sessions.SESSIONS_PER_WRITE) {
    await transactWrite(sessions.endSessionsItems(userId, doomed.slice(i, i + sessions.SESSIONS_PER_WRITE)));
  }
  await closeConnectionsOf(userId, (id) => id === undefined || id !== keepSessionId);
}
