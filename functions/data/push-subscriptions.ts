// Web Push subscriptions: one per device (browser profile) a user turned push on in, under the user's
// partition. The sort key is a hash of the endpoint, so subscribing the same device again replaces its
// item and a removal by endpoint finds it without a query. Each names the session that created it: the
// subscription ends with that session (functions/worker/push-sender.ts drops it when the session item goes).
// Access patterns:
//   save (new or again)              -> Put  pk=USER#<id>  sk=PUSHSUB#<sha-256 of the endpoint, base64url>
//   a user's subscriptions (<= 10)   -> Query pk=USER#<id>  sk begins_with PUSHSUB#
//   remove one (by endpoint or id)   -> Delete pk=USER#<id>  sk=PUSHSUB#<id>
//   a session's subscriptions        -> the user's subscriptions whose sessionId is that session's
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, recordOf, tableName } from '#functions/lib/dynamodb.ts';
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

export async function saveSubscription(subscription: PushSubscriptionRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...subscriptionKey(subscription.userId, subscription.subscriptionId), entity: 'push-subscription', ...subscription } }));
}

export async function listSubscriptions(userId: string): Promise<PushSubscriptionRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': PUSHSUB },
    ConsistentRead: true,
  });
  return items.map((item) => recordOf<PushSubscriptionRecord>(item));
}

/** Removes one; true when it existed. */
export async function deleteSubscription(userId: string, subscriptionId: string): Promise<boolean> {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: subscriptionKey(userId, subscriptionId), ReturnValues: 'ALL_OLD' }));
  return Attributes !== undefined;
}
