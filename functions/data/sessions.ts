// Sessions (one item per refresh-token family). Each session is its own partition, so the refresh
// token `<sid>.<secret>` finds it directly; gsi1 lists a user's sessions for "log out everywhere".
// Access patterns:
//   get a session (auth, refresh)    -> GetItem  pk=SESSION#<sid>  sk=SESSION  (consistent read; a bet
//                                       reads it in the BatchGetItem of its event and team)
//   rotate the refresh secret        -> Update   SESSION, condition secretHash = <presented hash>;
//                                       rotatedAt (epoch ms) dates it for the reuse grace window
//   end sessions                     -> in one TransactWrite: Delete SESSION each, and the Update that removes
//                                       their marks from the user's sockets item (connections.ts: a post trusts
//                                       a mark without reading the session, so none may outlive it)
//   still open, within a write       -> ConditionCheck SESSION userId = <id> AND expiresAt > now ($connect)
//   a user's sessions                -> Query    gsi1  gsi1pk=USER#<id>  gsi1sk begins_with SESSION#
//   expiry                           -> TTL attribute `ttl`
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/api.ts';
import { db, MAX_TRANSACT_ITEMS, nowSeconds, tableName, type ItemRead, type TransactItem } from '#functions/platform/dynamodb.ts';
import { forgetSessionsItem } from './connections.ts';
import { userPk } from './keys.ts';

export interface SessionRecord {
  sessionId: string;
  userId: string;
  role: Role;
  secretHash: string;
  createdAt: string;
  /** epoch seconds; also the TTL */
  expiresAt: number;
  /** epoch milliseconds of the last rotation; absent until the first */
  rotatedAt?: number;
}

const SESSION = 'SESSION';
const sessionKey = (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: SESSION });

export function newSessionItem(session: SessionRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...sessionKey(session.sessionId),
        entity: 'session',
        ...session,
        ttl: session.expiresAt,
        gsi1pk: userPk(session.userId),
        gsi1sk: `SESSION#${session.sessionId}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getSession(sessionId: string): Promise<SessionRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: sessionKey(sessionId), ConsistentRead: true }),
  );
  return Item as SessionRecord | undefined;
}

/** Whether the session is still open for this user (TTL deletion lags expiry, so `expiresAt` is checked). */
const isOpenFor = (session: SessionRecord, userId: string) => session.userId === userId && session.expiresAt > nowSeconds();

/** The session if it is still open for this user. */
export async function getOpenSession(sessionId: string, userId: string): Promise<SessionRecord | undefined> {
  const session = await getSession(sessionId);
  return session && isOpenFor(session, userId) ? session : undefined;
}

/**
 * Whether the session is open for this user, as one item of a batched read (platform/dynamodb.ts
 * readTogether, consistent): true when it is; false or undefined (no item) when not.
 */
export const openSessionRead = (sessionId: string, userId: string): ItemRead<boolean> => ({
  key: sessionKey(sessionId),
  toRecord: (item) => isOpenFor(item as unknown as SessionRecord, userId),
});

/** Until when (epoch seconds) the session is open for this user, as one item of a batched read; undefined when it is not. */
export const openUntilRead = (sessionId: string, userId: string): ItemRead<number | undefined> => ({
  key: sessionKey(sessionId),
  toRecord: (item) => {
    const session = item as unknown as SessionRecord;
    return isOpenFor(session, userId) ? session.expiresAt : undefined;
  },
});

/** The ConditionCheck that the session is still open for this user, for a write that must not outlive it. */
export const stillOpenCheck = (sessionId: string, userId: string, nowSeconds: number): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: sessionKey(sessionId),
    ConditionExpression: 'userId = :user AND expiresAt > :now',
    ExpressionAttributeValues: { ':user': userId, ':now': nowSeconds },
  },
});

/** Swaps the secret only if the presented one is still current; false when it lost that race. */
export async function rotateSessionSecret(
  sessionId: string,
  presentedHash: string,
  newHash: string,
  expiresAt: number,
  rotatedAt: number,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(sessionId),
        UpdateExpression: 'SET secretHash = :new, expiresAt = :exp, #ttl = :exp, rotatedAt = :at',
        ConditionExpression: 'secretHash = :presented',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':new': newHash, ':presented': presentedHash, ':exp': expiresAt, ':at': rotatedAt },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The most sessions one transaction can end: each is an item, and their marks take one more. */
export const SESSIONS_PER_WRITE = MAX_TRANSACT_ITEMS - 1;

/**
 * The items that end these sessions of the user, for one TransactWrite (at most SESSIONS_PER_WRITE
 * sessions): each session deleted, and their marks removed from the user's sockets item in the same
 * write. Sessions end only this way.
 */
export function endSessionsItems(userId: string, sessionIds: readonly string[]): TransactItem[] {
  if (sessionIds.length === 0) return [];
  return [...sessionIds.map((sessionId) => ({ Delete: { TableName: tableName(), Key: sessionKey(sessionId) } })), forgetSessionsItem(userId, sessionIds)];
}

export async function listSessionIds(userId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': 'SESSION#' },
        ProjectionExpression: 'sessionId',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) ids.push(item.sessionId as string);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}
