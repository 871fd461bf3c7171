// A WebSocket lives no longer than its session. Ending a session closes its sockets and drops their
// records; and before each post the connection's session is read again, so a socket whose closing
// failed or raced, whose session expired, or whose record names no session never receives anything.
import { errorFields, log } from '#functions/platform/logger.ts';
import { closeConnection } from '#functions/platform/socket-posts.ts';
import * as connections from '#functions/data/connections.ts';
import * as sessions from '#functions/data/sessions.ts';

type Connection = connections.ConnectionRecord;

/** Closes the socket (API Gateway then runs $disconnect) and drops its records. Never throws: logged. */
async function drop(connection: Connection): Promise<void> {
  try {
    await closeConnection(connection.connectionId);
    await connections.deleteConnection(connection);
  } catch (error) {
    log('warn', 'closing a socket failed', { userId: connection.userId, connectionId: connection.connectionId, ...errorFields(error) });
  }
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

/** The user's connections whose session is still open; the others are closed on the way. */
export async function liveConnections(userId: string): Promise<Connection[]> {
  const all = await connections.listUserConnections(userId);
  const open = new Set<string>();
  await Promise.all(
    [...new Set(all.map((c) => c.sessionId))].map(async (id) => {
      if (id && (await sessions.getOpenSession(id, userId))) open.add(id);
    }),
  );
  const isLive = (c: Connection) => !!c.sessionId && open.has(c.sessionId);
  await Promise.all(all.filter((c) => !isLive(c)).map(drop));
  return all.filter(isLive);
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
