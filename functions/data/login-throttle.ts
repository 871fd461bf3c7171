// Failed-password counters per account, for login and password change (the OWASP device-cookie
// pattern): a browser holding a valid device cookie for the account counts against its own attempt budget,
// every other attempt against the account's "untrusted" one, so strangers' guesses never lock out a
// device the owner logged in from. Every attempt is counted before its password is checked and extends
// the window; after LOGIN_MAX_FAILURES that budget is locked until LOGIN_LOCK_SECONDS after the
// last one. A good password clears it.
// Access patterns:
//   count an attempt unless locked   -> Update   pk=USER#<id>  sk=LOGIN_THROTTLE (untrusted)
//                                                 or sk=LOGIN_THROTTLE#DEVICE#<deviceId>, condition failures < max
//                                       (or Put, condition expiresAt <= now, once the window has passed)
//   clear after a good password      -> Delete   that item
//   expiry                           -> TTL attribute `ttl`
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '#shared/constants.ts';
import { db, isConditionFailed, tableName } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

/** Whose attempt budget an attempt counts against: a trusted device's (by its id) or, when undefined, the account's untrusted one. */
export type AttemptBudget = string | undefined;

const throttleKey = (userId: string, deviceId: AttemptBudget) => ({
  pk: userPk(userId),
  sk: deviceId === undefined ? 'LOGIN_THROTTLE' : `LOGIN_THROTTLE#DEVICE#${deviceId}`,
});

/**
 * Counts an attempt before its password is checked, atomically, and answers false when the account
 * is locked. Checking first and counting after the (slow) hash let any number of guesses sent at once
 * pass the check before the first failure was counted; now at most LOGIN_MAX_FAILURES are checked per
 * window, however they arrive. A successful login clears the count (clearLoginFailures).
 */
export async function reserveLoginAttempt(userId: string, deviceId: AttemptBudget, nowSeconds: number): Promise<boolean> {
  const expiresAt = nowSeconds + LOGIN_LOCK_SECONDS;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleKey(userId, deviceId),
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
        Item: { ...throttleKey(userId, deviceId), entity: 'login-throttle', failures: 1, expiresAt, ttl: expiresAt },
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

export async function clearLoginFailures(userId: string, deviceId: AttemptBudget): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(userId, deviceId) }));
}
