// Per-user caps that concurrent requests cannot pass: a counter item updated in the same transaction as
// the item it counts (a push device, a tournament opt-in, a group joined), its condition the cap. Two requests racing for
// the last place both write the counter, so one of them fails its condition (or loses the race and is
// retried by the client, functions/platform/dynamodb.ts) instead of both passing a read made before either wrote.
import { tableName, type Key, type TransactItem } from './dynamodb.ts';

/** One more, only while fewer than `max` (a missing counter is 0). `attribute` names the count (the groups' predates this module). */
export function cappedIncrement(key: Key, entity: string, max: number, attribute = 'itemCount'): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD #count :one SET entity = :entity',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#count': attribute },
      ExpressionAttributeValues: { ':one': 1, ':max': max, ':entity': entity },
    },
  };
}

/** One fewer: goes with the removal of a counted item (which must be conditional on its existence). */
export function decrement(key: Key, attribute = 'itemCount'): TransactItem {
  return {
    Update: { TableName: tableName(), Key: key, UpdateExpression: 'ADD #count :minusOne', ExpressionAttributeNames: { '#count': attribute }, ExpressionAttributeValues: { ':minusOne': -1 } },
  };
}
