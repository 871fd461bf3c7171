// WebSocket connections, stored twice in one transaction: by connection id (for $disconnect and
// join) and, for a signed-in one, under the user's partition (for posting to every open connection of
// a user). Each names the session that opened it, so ending a session finds and closes that session's
// sockets. An anonymous connection (no user) may only watch tournaments. A watch is stored under the
// tournament, so a broadcast to its watchers is one Query, and listed on the connection record (which
// caps them) so $disconnect removes them.
// Access patterns:
//   get a connection's user          -> GetItem  pk=CONN#<connectionId>  sk=CONN
//   a user's open connections        -> Query    pk=USER#<id>  sk begins_with CONN#
//   a session's connections          -> the user's open connections with that sessionId (a user has few)
//   watch a tournament (capped)      -> TransactWrite: Update CONN ADD watching (condition: exists, fewer
//                                       than MAX_WATCHES or already watching it) + Put pk=WATCH#<tournamentId>
//                                       sk=CONN#<connectionId>
//   a tournament's watchers          -> Query    pk=WATCH#<tournamentId>  (paged)
//   a watcher gone (410)             -> Delete   pk=WATCH#<tournamentId>  sk=CONN#<connectionId>
//   expiry (API Gateway closes WebSockets after 2 h) -> TTL attribute `ttl`
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailedAt, db, type Item, queryPage, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
/** Tournaments one connection may watch: a page shows a few; more is someone filling the table. */
export const MAX_WATCHES = 20;

export interface ConnectionRecord {
  connectionId: string;
  /** Absent on an anonymous connection (a visitor watching tournaments). */
  userId?: string;
  /** The session whose access token opened it; absent on anonymous ones and records written before sessions were named. */
  sessionId?: string;
  /** The tournaments it watches. */
  watching?: string[];
}

const connectionKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
const userConnectionKey = (userId: string, connectionId: string) => ({ pk: userPk(userId), sk: `CONN#${connectionId}` });
const watchKey = (tournamentId: string, connectionId: string) => ({ pk: `WATCH#${tournamentId}`, sk: `CONN#${connectionId}` });

export async function saveConnection(connection: ConnectionRecord, nowSeconds: number): Promise<void> {
  const item = { entity: 'connection', ...connection, ttl: nowSeconds + CONNECTION_TTL_SECONDS };
  const { userId, connectionId } = connection;
  const items: TransactItem[] = [{ Put: { TableName: tableName(), Item: { ...connectionKey(connectionId), ...item } } }];
  if (userId) items.push({ Put: { TableName: tableName(), Item: { ...userConnectionKey(userId, connectionId), ...item } } });
  await db.send(new TransactWriteCommand({ TransactItems: items }));
}

export async function getConnection(connectionId: string): Promise<ConnectionRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: connectionKey(connectionId) }));
  return Item ? toConnection(Item) : undefined;
}

/** Deletes the connection's records and watches. */
export async function deleteConnection(connection: ConnectionRecord): Promise<void> {
  const { userId, connectionId, watching = [] } = connection;
  const keys = [connectionKey(connectionId), ...(userId ? [userConnectionKey(userId, connectionId)] : []), ...watching.map((t) => watchKey(t, connectionId))];
  await db.send(new TransactWriteCommand({ TransactItems: keys.map((Key) => ({ Delete: { TableName: tableName(), Key } })) }));
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

/** Open connections of a user, for posting notifications and closing a session's sockets. */
export async function listUserConnections(userId: string): Promise<ConnectionRecord[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': 'CONN#' },
    }),
  );
  return (Items ?? []).map(toConnection);
}

export const listUserConnectionIds = async (userId: string): Promise<string[]> =>
  (await listUserConnections(userId)).map((connection) => connection.connectionId);
