// Notifications, under the user's partition and sorted by time, plus one INBOX item per user holding
// the unread count (current-user's inboxCount without a query). A notification is written in the
// same TransactWrite as the change it reports, whose own condition (a ledger entry's deterministic id,
// a bet's or withdrawal's state) makes a retry unable to write it twice.
// Access patterns:
//   write a notification             -> Put pk=USER#<id> sk=NOTIF#<createdAt>#<causeId> attribute_not_exists
//                                       + Update pk=USER#<id> sk=INBOX ADD unread 1 (same TransactWrite)
//   a user's latest notifications    -> Query pk=USER#<id> sk begins_with NOTIF#, descending, Limit
//   a user's latest unread ones      -> Query gsi1 gsi1pk=USER#<id>#UNREAD (sparse: keys removed when read), descending, Limit
//   mark one read                    -> TransactWrite: Update NOTIF (isReaded = false, REMOVE gsi1 keys) + INBOX ADD unread -1
//   mark all read                    -> Query gsi1 gsi1pk=USER#<id>#UNREAD a page at a time (ExclusiveStartKey), each page
//                                       one TransactWrite: Update each NOTIF (isReaded = false) + INBOX ADD unread -<page size>
//   unread count                     -> GetItem pk=USER#<id> sk=INBOX
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, db, type Item, type Key, queryPage, recordOf, tableName, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

export interface NotificationRecord {
  userId: string;
  /** What caused it, e.g. 'welcome', 'payout#<eventId>', 'withdrawal#<id>'. */
  causeId: string;
  subject: string;
  description: string;
  isReaded: boolean;
  /** ISO time. */
  createdAt: string;
}

const NOTIF = 'NOTIF#';
const inboxKey = (userId: string) => ({ pk: userPk(userId), sk: 'INBOX' });
const unreadPk = (userId: string) => `${userPk(userId)}#UNREAD`;
/** Time first, so a user's notifications sort by time. */
const timeKey = ({ createdAt, causeId }: Pick<NotificationRecord, 'createdAt' | 'causeId'>) => `${createdAt}#${causeId}`;

/** The notification's public id: its sort key, opaque and URL-safe. */
export const notificationId = (notification: Pick<NotificationRecord, 'createdAt' | 'causeId'>) => Buffer.from(timeKey(notification)).toString('base64url');
const keyOfId = (userId: string, id: string) => ({ pk: userPk(userId), sk: `${NOTIF}${Buffer.from(id, 'base64url').toString()}` });

const toRecord = (item: Item) => recordOf<NotificationRecord>(item);

export type NewNotification = Omit<NotificationRecord, 'isReaded'>;

/** A new (unread) notification and its count, for the TransactWrite of the change it reports. */
export function newNotificationItems(notification: NewNotification): TransactItem[] {
  const sortKey = timeKey(notification);
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          pk: userPk(notification.userId),
          sk: `${NOTIF}${sortKey}`,
          entity: 'notification',
          ...notification,
          isReaded: false,
          gsi1pk: unreadPk(notification.userId),
          gsi1sk: sortKey,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: inboxKey(notification.userId),
        UpdateExpression: 'ADD unread :one SET entity = :entity, userId = :userId',
        ExpressionAttributeValues: { ':one': 1, ':entity': 'inbox', ':userId': notification.userId },
      },
    },
  ];
}

/** The user's latest `limit` notifications (or unread ones), newest first. */
export async function listNotifications(userId: string, unreadOnly: boolean, limit: number): Promise<NotificationRecord[]> {
  const { items } = await queryPage(
    unreadOnly
      ? { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': unreadPk(userId) }, ScanIndexForward: false, Limit: limit }
      : {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
          ExpressionAttributeValues: { ':pk': userPk(userId), ':notif': NOTIF },
          ScanIndexForward: false,
          Limit: limit,
          ConsistentRead: true,
        },
  );
  return items.map(toRecord);
}

export async function getUnreadCount(userId: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: inboxKey(userId), ConsistentRead: true }));
  return (Item?.unread as number | undefined) ?? 0;
}

/** Marks the notifications read and counts them off the unread count, all or nothing: each must still be unread. */
async function markRead(userId: string, keys: readonly Key[]): Promise<void> {
  await transactWrite([
    ...keys.map(
      (key): TransactItem => ({
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET isReaded = :true REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'isReaded = :false',
          ExpressionAttributeValues: { ':true': true, ':false': false },
        },
      }),
    ),
    {
      Update: {
        TableName: tableName(),
        Key: inboxKey(userId),
        UpdateExpression: 'ADD unread :minus',
        ExpressionAttributeValues: { ':minus': -keys.length },
      },
    },
  ]);
}

/** Whether a transaction was refused only because an item was missing or read already (nothing changed). */
const someReadAlready = (error: unknown) => cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false;

/** Marks the user's own notification read, counting it once; the notification, or undefined when the user has none with this id. */
export async function markNotificationRead(userId: string, id: string): Promise<NotificationRecord | undefined> {
  const key = keyOfId(userId, id);
  try {
    await markRead(userId, [key]);
  } catch (error) {
    // Missing, or read already (then nothing changes): tell them apart by reading it.
    if (!someReadAlready(error)) throw error;
  }
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item && toRecord(Item);
}

/** A page of the user's unread notifications (their keys), newest first, and where the next page starts. */
export async function unreadPage(userId: string, limit: number, startKey?: Item): Promise<{ keys: Key[]; nextKey?: Item }> {
  const { items, nextKey } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': unreadPk(userId) },
    ScanIndexForward: false,
    Limit: limit,
    ExclusiveStartKey: startKey,
  });
  return { keys: items.map((item) => ({ pk: item.pk as string, sk: item.sk as string })), nextKey };
}

/**
 * Marks the user's notifications read, in one transaction when none was read meanwhile, else one by one
 * (the index is eventually consistent, and another tab may mark some first); how many this marked.
 */
export async function markPageRead(userId: string, keys: readonly Key[]): Promise<number> {
  if (keys.length === 0) return 0;
  try {
    await markRead(userId, keys);
    return keys.length;
  } catch (error) {
    if (!someReadAlready(error)) throw error;
  }
  if (keys.length === 1) return 0;
  let marked = 0;
  for (const key of keys) marked += await markPageRead(userId, [key]);
  return marked;
}
