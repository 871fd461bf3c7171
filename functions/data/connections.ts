// WebSocket connections, stored twice in one transaction: by connection id (for $disconnect and
// join) and under the user's partition (for pushing to every open connection of a user). Each names
// the session that opened it, so ending a session finds and closes that session's sockets.
// Access patterns:
//   get a connection's user          -> GetItem  pk=CONN#<connectionId>  sk=CONN
//   a user's open connections        -> Query    pk=USER#<id>  sk begins_with CONN#
//   a session's connections          -> the user's open connections with that sessionId (a user has few)
//   expiry (API Gateway closes WebSockets after 2 h) -> TTL attribute `ttl`
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/lib/dynamodb.ts';
import { userPk } from './keys.ts';

export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

export interface ConnectionRecord {
  connectionId: string;
  userId: string;
  /** The session whose access token opened it; absent on records written before sessions were named. */
  sessionId?: string;
}

const connectionKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
const userConnectionKey = ({ userId, connectionId }: ConnectionRecord) => ({ pk: userPk(userId), sk: `CONN#${connectionId}` });

export async function saveConnection(connection: ConnectionRecord, nowSeconds: number): Promise<void> {
  const item = { entity: 'connection', ...connection, ttl: nowSeconds + CONNECTION_TTL_SECONDS };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...connectionKey(connection.connectionId), ...item } } },
        { Put: { TableName: tableName(), Item: { ...userConnectionKey(connection), ...item } } },
      ],
    }),
  );
}

export async function getConnection(connectionId: string): Promise<ConnectionRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: connectionKey(connectionId) }));
  return Item ? toConnection(Item) : undefined;
}

export async function deleteConnection(connection: ConnectionRecord): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: connectionKey(connection.connectionId) } },
        { Delete: { TableName: tableName(), Key: userConnectionKey(connection) } },
      ],
    }),
  );
}

const toConnection = (item: Record<string, unknown>): ConnectionRecord => ({
  connectionId: item.connectionId as string,
  userId: item.userId as string,
  ...(typeof item.sessionId === 'string' && { sessionId: item.sessionId }),
});

/** Open connections of a user, for pushing notifications and closing a session's sockets. */
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
