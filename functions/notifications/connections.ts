// A WebSocket lives no longer than its session. Ending a session closes its sockets and drops their
// records; and before each post the connection's session is checked again, so a socket whose closing
// failed or raced, whose session expired, or whose record names no session never receives anything.
// The check is the mark its user's sockets item holds for the session (data/connections.ts: set with
// a check that the session is open, removed in the transaction that ends it, dated by its expiry);
// a socket without an unexpired mark has its session read.
import { nowSeconds, readTogether } from '#functions/platform/dynamodb.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { closeConnection } from '#functions/platform/socket-posts.ts';
import * as connections from '#functions/data/connections.ts';
import * as sessions from '#functions/data/sessions.ts';

type Connection = connections.ConnectionRecord;

/** Closes the socket (API Gateway then runs $disconnect) and drops its records and watches. Never throws: logged. */
async function drop(connection: Connection): Promise<void> {
  try {
    await closeConnection(connection.connectionId);
    await forgetSocket(connection);
  } catch (error) {
    log('warn', 'closing a socket failed', { userId: connection.userId, connectionId: connection.connectionId, ...errorFields(error) });
  }
}

/** Drops a socket listed in its user's set, with the watches its record names (when it still has one). */
export async function forgetSocket(listed: Connection): Promise<void> {
  const stored = await connections.getConnection(listed.connectionId);
  await connections.deleteConnection({ ...listed, ...(stored?.watching && { watching: stored.watching }) });
}

/**
 * Closes the user's connections of the sessions `ended` names. Never throws: the sessions are revoked
 * already, and the check before each post stops any socket this misses.
 */
export async function closeConnectionsOf(userId: string, ended: (sessionId: string | undefined) => boolean): Promise<void> {
  try {
    const doomed = (await connections.listUserConnections(userId)).filter((c) => ended(c.sessionId));
    await Promise.all(doomed.map(drop));
  } catch (error) {
    log('warn', 'closing the sockets of an ended session failed', { userId, ...errorFields(error) });
  }
}

/**
 * The users' connections whose session is still open, by user; the others are closed on the way. One
 * BatchGetItem (per 100) however many users a settlement's batch of notices tells: their sets of
 * sockets, which vouch for their sessions; a second one for the sessions no unexpired mark vouches for.
 */
export async function liveConnections(userIds: readonly string[]): Promise<Map<string, Connection[]>> {
  const users = [...new Set(userIds)];
  // Consistent: a mark removed as its session ended must not be read from a copy older than that.
  const all = (await readTogether(users.map(connections.userConnectionsRead), true)).flatMap((listed) => listed ?? []);
  const now = nowSeconds();
  const vouched = (c: Connection) => (c.sessionOpenUntil ?? 0) > now;
  const sessionOf = (c: Connection) => `${c.userId ?? ''}|${c.sessionId ?? ''}`;
  const asked = [...new Map(all.filter((c) => !vouched(c)).map((c) => [sessionOf(c), c])).values()];
  const answers = asked.length > 0 ? await readTogether(asked.map((c) => sessions.openSessionRead(c.sessionId ?? '', c.userId ?? '')), true) : [];
  const open = new Set(asked.filter((_, i) => answers[i] === true).map(sessionOf));
  const isLive = (c: Connection) => vouched(c) || open.has(sessionOf(c));
  await Promise.all(all.filter((c) => !isLive(c)).map(drop));
  const live = new Map<string, Connection[]>(users.map((userId) => [userId, []]));
  for (const c of all.filter(isLive)) live.get(c.userId ?? '')?.push(c);
  return live;
}

/** Whether the connection was authenticated as this user at $connect (a `join` names the user it expects). */
export async function isConnectionOf(connectionId: string, userId: string): Promise<boolean> {
  const connection = await connections.getConnection(connectionId);
  return connection?.userId !== undefined && connection.userId === userId;
}

/** Forgets a closed connection ($disconnect); one never stored, or gone already, is nothing to do. */
export async function forgetConnection(connectionId: string): Promise<void> {
  const connection = await connections.getConnection(connectionId);
  if (connection) await connections.deleteConnection(connection);
}
