// Web Push subscriptions: one per device (browser profile) a user turned push on in, under the user's
// partition. The sort key is a hash of the endpoint, so subscribing the same device again replaces its
// item and a removal by endpoint finds it without a query. Each names the session that created it: the
// subscription ends with that session (functions/notifications/stream-web-push.ts drops it when the session item goes).
// The user's device count is a counter item written in the same transaction as each new or removed
// subscription, its condition the cap (functions/platform/counters.ts): concurrent subscribes cannot pass it.
// Access patterns:
//   a new device (under the cap)     -> TransactWrite: Put pk=USER#<id>  sk=PUSHSUB#<sha-256 of the endpoint, base64url>
//                                       (attribute_not_exists) + Update pk=USER#<id> sk=PUSHSUB-COUNT (ADD itemCount 1, < max)
//   the same device again            -> Put PUSHSUB#<id> (attribute_exists): replaced, not counted again
//   a user's subscriptions (<= 10)   -> Query pk=USER#<id>  sk begins_with PUSHSUB#
//   which of many users have any     -> BatchGetItem of their PUSHSUB-COUNT items (a stream batch's notices:
//                                       most users have no device, and need no Query)
//   remove one (by endpoint or id)   -> TransactWrite: Delete PUSHSUB#<id> (attribute_exists) + Update PUSHSUB-COUNT (ADD -1)
//   a session's subscriptions        -> the user's subscriptions whose sessionId is that session's
import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { cappedIncrement, decrement } from '#functions/platform/counters.ts';
import { conditionFailedAt, db, isConditionFailed, type ItemRead, queryAll, recordOf, tableName, transactWrite } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

export interface PushSubscriptionRecord {
  userId: string;
  /** Hash of the endpoint: the public id of the device's subscription. */
  subscriptionId: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: string;
  auth: string;
  /** The session that subscribed: the subscription ends with it. */
  sessionId: string;
  /** 'Chrome on Android' and the like, from the subscribing browser's user agent. */
  label: string;
  /** ISO time. */
  createdAt: string;
}

const PUSHSUB = 'PUSHSUB#';
export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');
const subscriptionKey = (userId: string, subscriptionId: string) => ({ pk: userPk(userId), sk: `${PUSHSUB}${subscriptionId}` });
const countKey = (userId: string) => ({ pk: userPk(userId), sk: 'PUSHSUB-COUNT' });
const itemOf = (subscription: PushSubscriptionRecord) => ({ ...subscriptionKey(subscription.userId, subscription.subscriptionId), entity: 'push-subscription', ...subscription });

/**
 * Stores a device's subscription: 'added' (a new device, counted), 'replaced' (the device's again) or
 * 'limit' (a new device while the user has `max`: nothing written).
 */
export async function saveSubscription(subscription: PushSubscriptionRecord, max: number): Promise<'added' | 'replaced' | 'limit'> {
  // A device stored already is replaced; one removed meanwhile (between the two tries) is added again.
  for (;;) {
    try {
      await transactWrite([
        { Put: { TableName: tableName(), Item: itemOf(subscription), ConditionExpression: 'attribute_not_exists(pk)' } },
        cappedIncrement(countKey(subscription.userId), 'push-subscription-count', max),
      ]);
      return 'added';
    } catch (error) {
      if (!conditionFailedAt(error, 0)) {
        if (conditionFailedAt(error, 1)) return 'limit';
        throw error;
      }
    }
    try {
      await db.send(new PutCommand({ TableName: tableName(), Item: itemOf(subscription), ConditionExpression: 'attribute_exists(pk)' }));
      return 'replaced';
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
}

export async function listSubscriptions(userId: string): Promise<PushSubscriptionRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': PUSHSUB },
    ConsistentRead: true,
  });
  return items.map((item) => recordOf<PushSubscriptionRecord>(item));
}

/**
 * Whether the user has a device, as one item of a batched read: the count written with every device
 * added or removed since the first (no count item: never subscribed).
 */
export const hasDevicesRead = (userId: string): ItemRead<boolean> => ({
  key: countKey(userId),
  toRecord: (item) => Number(item.itemCount ?? 0) > 0,
});

/** Removes one; true when it existed. */
export async function deleteSubscription(userId: string, subscriptionId: string): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: subscriptionKey(userId, subscriptionId), ConditionExpression: 'attribute_exists(pk)' } },
      decrement(countKey(userId)),
    ]);
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0)) return false;
    throw error;
  }
}
