// WebSocket connections: a record by connection id (for $disconnect and join), and for a signed-in one
// an entry in its user's set of sockets (for posting to every open connection of a user), written in one
// transaction. The set is one item per user, so the sockets of a settlement batch's hundred bettors are
// one BatchGetItem, not a Query each. Each entry names the session that opened it, so ending a session
// finds and closes that session's sockets. An anonymous connection (no user) may only watch tournaments.
// A watch is stored under the tournament, so a broadcast to its watchers is one Query, and listed on the
// connection record (which caps them) so $disconnect removes them.
// Access patterns:
//   get a connection's user          -> GetItem  pk=CONN#<connectionId>  sk=CONN
//   a user's open connections        -> GetItem  pk=USER#<id>  sk=SOCKETS: string set `sockets` of
//                                       "<sessionId>|<connectionId>" (ADD at $connect, at most
//                                       MAX_SOCKETS; DELETE when closed)
//   many users' open connections     -> BatchGetItem of their SOCKETS items (a settlement's notices)
//   a session's connections          -> the user's open connections with that sessionId (a user has few)
//   a session vouched open           -> the same SOCKETS item's `open_<sessionId>` = the epoch second the
//                                       session was open until when a socket of it connected: SET only in
//                                       $connect's transaction, with a ConditionCheck that the session is
//                                       open; REMOVEd in the transaction that ends the session (sessions.ts
//                                       endSessionsItems). So a post can trust an unexpired mark without
//                                       reading the session; a socket without one has its session read.
//                                       A connect drops the marks of sessions gone from the set or expired.
//   watch a tournament (capped)      -> TransactWrite: Update CONN ADD watching (condition: exists, fewer
//                                       than MAX_WATCHES or already watching it) + Put pk=WATCH#<tournamentId>
//                                       sk=CONN#<connectionId>
//   a tournament's watchers          -> Query    pk=WATCH#<tournamentId>  (paged)
//   a watcher gone (410)             -> Delete   pk=WATCH#<tournamentId>  sk=CONN#<connectionId>
//   expiry (API Gateway closes WebSockets after 2 h) -> TTL attribute `ttl` of the records and watches; a
//                                       socket entry whose $disconnect never ran is dropped when a post to
//                                       it finds it gone, or when the set is full (its record expired)
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, conditionFailedAt, db, type Item, type ItemRead, queryPage, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
/** Tournaments one connection may watch: a page shows a few; more is someone filling the table. */
export const MAX_WATCHES = 20;
/** Open sockets of one user (tabs and devices): more is someone filling the item, or entries gone stale. */
export const MAX_SOCKETS = 50;

export interface ConnectionRecord {
  connectionId: string;
  /** Absent on an anonymous connection (a visitor watching tournaments). */
  userId?: string;
  /** The session whose access token opened it; absent on anonymous ones and records written before sessions were named. */
  sessionId?: string;
  /** The tournaments it watches. */
  watching?: string[];
  /** Epoch second until which its user's sockets item vouches its session open (absent: read the session). */
  sessionOpenUntil?: number;
}

/** What $connect knows of the connection's session: the check that it is open, and until when it is. */
export interface OpenSession {
  /** A ConditionCheck that the session is still open (sessions.ts stillOpenCheck). */
  stillOpen: TransactItem;
  openUntil: number;
  /** Sessions whose marks vouch for nothing any more (staleSessionMarksRead): dropped in the same write. */
  staleMarks: readonly string[];
}

const connectionKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
const socketsKey = (userId: string) => ({ pk: userPk(userId), sk: 'SOCKETS' });
const watchKey = (tournamentId: string, connectionId: string) => ({ pk: `WATCH#${tournamentId}`, sk: `CONN#${connectionId}` });

/** A connection's entry in its user's set of sockets. */
const socketEntry = (sessionId: string, connectionId: string) => `${sessionId}|${connectionId}`;
/** The attribute of the user's sockets item that vouches the session open until the second it holds. */
const MARK = 'open_';
const markOf = (sessionId: string) => `${MARK}${sessionId}`;

function socketsOf(userId: string, item: Item | undefined): ConnectionRecord[] {
  const entries = item?.sockets instanceof Set ? [...(item.sockets as Set<string>)] : [];
  return entries.map((entry) => {
    const split = entry.indexOf('|');
    const sessionId = entry.slice(0, split);
    const until = item?.[markOf(sessionId)];
    return { userId, sessionId, connectionId: entry.slice(split + 1), ...(typeof until === 'number' && { sessionOpenUntil: until }) };
  });
}

/** `REMOVE` of the marks of these sessions, with their names. */
function removingMarks(sessionIds: readonly string[]): { clause: string; names: Record<string, string> } {
  if (sessionIds.length === 0) return { clause: '', names: {} };
  const names = Object.fromEntries(sessionIds.map((id, i) => [`#gone${i}`, markOf(id)]));
  return { clause: ` REMOVE ${Object.keys(names).join(', ')}`, names };
}

/**
 * Stores the connection; a signed-in one also in its user's set of sockets, unless that set is full
 * (false then). A full set is first cleared of the entries whose records are gone or expired. With
 * `session`, only while that session is open (false when it ended), and its mark is set on the way.
 */
export async function saveConnection(connection: ConnectionRecord, nowSeconds: number, session?: OpenSession): Promise<boolean> {
  const { userId, sessionId, connectionId } = connection;
  const item = { entity: 'connection', connectionId, ...(userId && { userId }), ...(sessionId && { sessionId }), ttl: nowSeconds + CONNECTION_TTL_SECONDS };
  const items: TransactItem[] = [{ Put: { TableName: tableName(), Item: { ...connectionKey(connectionId), ...item } } }];
  if (!userId || !sessionId) {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  }
  const stale = removingMarks((session?.staleMarks ?? []).filter((id) => id !== sessionId));
  const names = { ...(session && { '#mark': markOf(sessionId) }), ...stale.names };
  items.push({
    Update: {
      TableName: tableName(),
      Key: socketsKey(userId),
      UpdateExpression: `SET entity = :entity${session ? ', #mark = :until' : ''} ADD sockets :entry${stale.clause}`,
      ConditionExpression: 'attribute_not_exists(sockets) OR size(sockets) < :max',
      ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
      ExpressionAttributeValues: { ':entity': 'user-sockets', ':entry': new Set([socketEntry(sessionId, connectionId)]), ':max': MAX_SOCKETS, ...(session && { ':until': session.openUntil }) },
    },
  });
  if (session) items.push(session.stillOpen);
  const write = () =>
    db.send(new TransactWriteCommand({ TransactItems: items })).then(
      () => 'written' as const,
      (error: unknown) => {
        if (conditionFailedAt(error, 2)) return 'session ended' as const;
        if (conditionFailedAt(error, 1)) return 'full' as const;
        throw error;
      },
    );
  const outcome = await write();
  if (outcome !== 'full') return outcome === 'written';
  return (await dropStaleSockets(userId, nowSeconds)) > 0 && (await write()) === 'written';
}

/**
 * The sessions whose marks on the user's sockets item vouch for nothing any more (expired, or no socket
 * of theirs listed), as one item of a batched read: the next connect drops them, so marks stay few.
 */
export const staleSessionMarksRead = (userId: string, nowSeconds: number): ItemRead<string[]> => ({
  key: socketsKey(userId),
  toRecord: (item) => {
    const listed = new Set(socketsOf(userId, item).map((c) => c.sessionId));
    return Object.entries(item)
      .filter(([name, until]) => name.startsWith(MARK) && (typeof until !== 'number' || until <= nowSeconds || !listed.has(name.slice(MARK.length))))
      .map(([name]) => name.slice(MARK.length));
  },
});

/** The Update that removes the sessions' marks from their user's sockets item: goes in the transaction that ends them. */
export function forgetSessionsItem(userId: string, sessionIds: readonly string[]): TransactItem {
  const gone = removingMarks(sessionIds);
  return {
    Update: {
      TableName: tableName(),
      Key: socketsKey(userId),
      UpdateExpression: `SET entity = :entity${gone.clause}`,
      ...(gone.clause && { ExpressionAttributeNames: gone.names }),
      ExpressionAttributeValues: { ':entity': 'user-sockets' },
    },
  };
}

/** Removes the user's socket entries whose connection records are gone or expired; how many. */
async function dropStaleSockets(userId: string, nowSeconds: number): Promise<number> {
  const listed = await listUserConnections(userId);
  const records = await batchGetAll(listed.map((c) => connectionKey(c.connectionId)));
  const alive = new Set(records.filter((record) => typeof record.ttl === 'number' && record.ttl > nowSeconds).map((record) => record.connectionId));
  const stale = listed.filter((c) => !alive.has(c.connectionId));
  if (stale.length > 0) await db.send(new UpdateCommand(removeSocketsUpdate(userId, stale)));
  return stale.length;
}

const removeSocketsUpdate = (userId: string, gone: ConnectionRecord[]) => ({
  TableName: tableName(),
  Key: socketsKey(userId),
  UpdateExpression: 'SET entity = :entity DELETE sockets :entries',
  ExpressionAttributeValues: { ':entity': 'user-sockets', ':entries': new Set(gone.map((c) => socketEntry(c.sessionId ?? '', c.connectionId))) },
});

export async function getConnection(connectionId: string): Promise<ConnectionRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: connectionKey(connectionId) }));
  return Item ? toConnection(Item) : undefined;
}

/** Deletes the connection's record, its entry in its user's sockets and its watches. */
export async function deleteConnection(connection: ConnectionRecord): Promise<void> {
  const { userId, connectionId, watching = [] } = connection;
  const items: TransactItem[] = [connectionKey(connectionId), ...watching.map((t) => watchKey(t, connectionId))].map((Key) => ({ Delete: { TableName: tableName(), Key } }));
  if (userId) items.push({ Update: removeSocketsUpdate(userId, [connection]) });
  await db.send(new TransactWriteCommand({ TransactItems: items }));
}

const toConnection = (item: Item): ConnectionRecord => ({
  connectionId: item.connectionId as string,
  ...(typeof item.userId === 'string' && { userId: item.userId }),
  ...(typeof item.sessionId === 'string' && { sessionId: item.sessionId }),
  ...(item.watching instanceof Set && { watching: [...(item.watching as Set<string>)] }),
});

export type WatchOutcome = 'watching' | 'no-connection' | 'too-many';

/** Adds the tournament to the connection's watches (at most MAX_WATCHES), in one transaction. */
export async function watchTournament(connectionId: string, tournamentId: string, nowSeconds: number): Promise<WatchOutcome> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: connectionKey(connectionId),
              UpdateExpression: 'ADD watching :tournament',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(watching) OR size(watching) < :max OR contains(watching, :id))',
              ExpressionAttributeValues: { ':tournament': new Set([tournamentId]), ':max': MAX_WATCHES, ':id': tournamentId },
            },
          },
          { Put: { TableName: tableName(), Item: { ...watchKey(tournamentId, connectionId), entity: 'watch', connectionId, ttl: nowSeconds + CONNECTION_TTL_SECONDS } } },
        ],
      }),
    );
    return 'watching';
  } catch (error) {
    if (!conditionFailedAt(error, 0)) throw error;
    return (await getConnection(connectionId)) ? 'too-many' : 'no-connection';
  }
}

/** One page of a tournament's watchers' connection ids. */
export async function listWatchersPage(tournamentId: string, startKey?: Item): Promise<{ connectionIds: string[]; nextKey?: Item }> {
  const { items, nextKey } = await queryPage({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `WATCH#${tournamentId}` },
    ProjectionExpression: 'connectionId',
    ...(startKey && { ExclusiveStartKey: startKey }),
  });
  return { connectionIds: items.map((item) => item.connectionId as string), ...(nextKey && { nextKey }) };
}

/** Forgets a watcher whose connection is gone (its $disconnect never ran, or ran before this watch). */
export async function deleteWatch(tournamentId: string, connectionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: watchKey(tournamentId, connectionId) }));
}

/** Open connections of a user (their record may be gone since), for closing a session's sockets. */
export async function listUserConnections(userId: string): Promise<ConnectionRecord[]> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: socketsKey(userId) }));
  return socketsOf(userId, Item);
}

/** A user's open connections, to read with other items in one batch (platform/dynamodb.ts readTogether). */
export const userConnectionsRead = (userId: string): ItemRead<ConnectionRecord[]> => ({
  key: socketsKey(userId),
  toRecord: (item) => socketsOf(userId, item),
});

export const listUserConnectionIds = async (userId: string): Promise<string[]> =>
  (await listUserConnections(userId)).map((connection) => connection.connectionId);
