// Failed-login counter per account. Every attempt is counted before its password is checked and
// extends the window; after LOGIN_MAX_FAILURES the account is locked until LOGIN_LOCK_SECONDS after
// the last one. A good login clears the count.
// Access patterns:
//   count an attempt unless locked   -> Update   pk=USER#<id>  sk=LOGIN_THROTTLE, condition failures < max
//                                       (or Put, condition expiresAt <= now, once the window has passed)
//   clear after a good login         -> Delete   LOGIN_THROTTLE
//   expiry                           -> TTL attribute `ttl`
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '#shared/constants.ts';
import { db, isConditionFailed, tableName } from '#functions/lib/dynamodb.ts';
import { userPk } from './keys.ts';

const throttleKey = (userId: string) => ({ pk: userPk(userId), sk: 'LOGIN_THROTTLE' });

/**
 * Counts an attempt before its password is checked, atomically, and answers false when the account
 * is locked. Checking first and counting after the (slow) hash let any number of guesses sent at once
 * pass the check before the first failure was counted; now at most LOGIN_MAX_FAILURES are checked per
 * window, however they arrive. A successful login clears the count (clearLoginFailures).
 */
export async function reserveLoginAttempt(userId: string, nowSeconds: number): Promise<boolean> {
  const expiresAt = nowSeconds + LOGIN_LOCK_SECONDS;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleKey(userId),
        UpdateExpression: 'ADD failures :one SET expiresAt = :exp, #ttl = :exp, entity = :entity',
        ConditionExpression: 'attribute_not_exists(pk) OR (failures < :max AND expiresAt > :now)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt, ':now': nowSeconds, ':max': LOGIN_MAX_FAILURES, ':entity': 'login-throttle' },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  // Locked, or the previous window has passed (TTL deletion is lazy): then start counting again, once.
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...throttleKey(userId), entity: 'login-throttle', failures: 1, expiresAt, ttl: expiresAt },
        ConditionExpression: 'expiresAt <= :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return false;
  }
}

export async function clearLoginFailures(userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(userId) }));
}
