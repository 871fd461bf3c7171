// Failed-login counter per account. Each failure extends the window; after LOGIN_MAX_FAILURES the
// account is locked until LOGIN_LOCK_SECONDS after the last failure.
// Access patterns:
//   is the account locked            -> GetItem  pk=USER#<id>  sk=LOGIN_THROTTLE
//   count a failure                  -> Update   LOGIN_THROTTLE (reset first if the window has passed)
//   clear after a good login         -> Delete   LOGIN_THROTTLE
//   expiry                           -> TTL attribute `ttl`
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '#shared/constants.ts';
import { db, isConditionFailed, tableName } from '#functions/lib/dynamodb.ts';
import { userPk } from './keys.ts';

const throttleKey = (userId: string) => ({ pk: userPk(userId), sk: 'LOGIN_THROTTLE' });

export async function isLoginLocked(userId: string, nowSeconds: number): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: throttleKey(userId), ConsistentRead: true }),
  );
  return !!Item && Item.failures >= LOGIN_MAX_FAILURES && Item.expiresAt > nowSeconds;
}

export async function recordLoginFailure(userId: string, nowSeconds: number): Promise<void> {
  const expiresAt = nowSeconds + LOGIN_LOCK_SECONDS;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleKey(userId),
        UpdateExpression: 'ADD failures :one SET expiresAt = :exp, #ttl = :exp',
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt > :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt, ':now': nowSeconds },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // The previous window has passed (TTL deletion is lazy): start counting again.
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...throttleKey(userId), entity: 'login-throttle', failures: 1, expiresAt, ttl: expiresAt },
      }),
    );
  }
}

export async function clearLoginFailures(userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(userId) }));
}
