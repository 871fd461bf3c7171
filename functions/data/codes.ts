// One-time codes (email verification, password-reset OTP), keyed by email because both flows start
// from an email address. One live code per purpose: issuing a new one replaces the old.
// Access patterns:
//   issue a code (rate-limited)      -> TransactWrite: Update pk=EMAIL#<email> sk=CODE_RATE#<purpose>#<windowStart>
//                                       (count < limit) + Put pk=EMAIL#<email> sk=CODE#<purpose>
//   read the live code               -> GetItem  pk=EMAIL#<email>  sk=CODE#<purpose>  (consistent read)
//   count a wrong try                -> Update   CODE#<purpose>, ADD wrongTries
//   consume the code                 -> Delete   CODE#<purpose> (conditional) inside the caller's TransactWrite
//   discard the code (re-registration) -> Delete CODE#<purpose> inside the caller's TransactWrite
//   expiry                           -> TTL attribute `ttl` (expiresAt is also checked on read)
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CODE_CREATION_WINDOW_SECONDS, CODE_CREATIONS_PER_WINDOW, CODE_MAX_WRONG_TRIES } from '#shared/constants.ts';
import { cancellationCodes, db, isConditionFailed, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { emailPk } from './keys.ts';

export type CodePurpose = 'verify-email' | 'reset-password';

export interface CodeRecord {
  email: string;
  purpose: CodePurpose;
  codeId: string;
  userId: string;
  hash: string;
  wrongTries: number;
  /** epoch seconds */
  expiresAt: number;
}

const codeKey = (email: string, purpose: CodePurpose) => ({ pk: emailPk(email), sk: `CODE#${purpose}` });

/** Stores the code unless this email already had CODE_CREATIONS_PER_WINDOW codes of this purpose in the window. */
export async function issueCode(code: CodeRecord, nowSeconds: number): Promise<'issued' | 'rate-limited'> {
  const windowStart = nowSeconds - (nowSeconds % CODE_CREATION_WINDOW_SECONDS);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: { pk: emailPk(code.email), sk: `CODE_RATE#${code.purpose}#${windowStart}` },
              UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
              ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
              ExpressionAttributeValues: {
                ':one': 1,
                ':max': CODE_CREATIONS_PER_WINDOW,
                ':ttl': windowStart + CODE_CREATION_WINDOW_SECONDS,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...codeKey(code.email, code.purpose), entity: 'code', ...code, ttl: code.expiresAt },
            },
          },
        ],
      }),
    );
    return 'issued';
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return 'rate-limited';
    throw error;
  }
}

export async function getCode(email: string, purpose: CodePurpose): Promise<CodeRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: codeKey(email, purpose), ConsistentRead: true }),
  );
  return Item as CodeRecord | undefined;
}

/**
 * Counts a wrong try against this very code (a replaced code keeps its own count) and answers the
 * code's count of wrong tries now, or undefined when the code was replaced meanwhile.
 */
export async function recordWrongTry(code: CodeRecord): Promise<number | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: codeKey(code.email, code.purpose),
        UpdateExpression: 'ADD wrongTries :one',
        ConditionExpression: 'codeId = :codeId',
        ExpressionAttributeValues: { ':one': 1, ':codeId': code.codeId },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Attributes?.wrongTries as number | undefined;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return undefined;
  }
}

/** Deletes the code only if it is still the one that was checked and still usable (single use). */
export function consumeCodeItem(code: CodeRecord, nowSeconds: number): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: codeKey(code.email, code.purpose),
      ConditionExpression: 'codeId = :codeId AND #hash = :hash AND wrongTries < :max AND expiresAt > :now',
      ExpressionAttributeNames: { '#hash': 'hash' },
      ExpressionAttributeValues: {
        ':codeId': code.codeId,
        ':hash': code.hash,
        ':max': CODE_MAX_WRONG_TRIES,
        ':now': nowSeconds,
      },
    },
  };
}

/** Deletes whatever code of this purpose the email has (none is fine): a replaced registration's links die. */
export function discardCodeItem(email: string, purpose: CodePurpose): TransactItem {
  return { Delete: { TableName: tableName(), Key: codeKey(email, purpose) } };
}
