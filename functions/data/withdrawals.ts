// Withdrawal requests (cash by UPI), under the user's partition, plus a marker that allows one pending
// request per user: the marker is put (attribute_not_exists) in the same TransactWrite as the cash
// debit, its ledger entry and the request, and removed when the request is paid or rejected.
// Access patterns:
//   request a withdrawal             -> TransactWrite: Put pk=USER#<id> sk=PENDING_WITHDRAWAL attribute_not_exists
//                                       + wallet debit + ledger + Put pk=USER#<id> sk=WITHDRAWAL#<withdrawalId>
//   a user's withdrawals             -> Query  pk=USER#<id>  sk begins_with WITHDRAWAL#
//   withdrawals by status (operator) -> Query gsi1  gsi1pk=WITHDRAWALS#<status>  gsi1sk=<createdAt>#<userId>#<withdrawalId>
import type { WithdrawalStatus } from '#shared/api.ts';
import { type Item, queryAll, recordOf, tableName, type TransactItem } from '#functions/lib/dynamodb.ts';
import { userPk } from './keys.ts';

export interface WithdrawalRecord {
  id: string;
  userId: string;
  amountPaise: number;
  upiId: string;
  status: WithdrawalStatus;
  createdAt: string;
}

const withdrawalKey = (userId: string, id: string) => ({ pk: userPk(userId), sk: `WITHDRAWAL#${id}` });

const toRecord = (item: Item) => recordOf<WithdrawalRecord>(item);

/** Fails (ConditionalCheckFailed) while the user has a pending withdrawal. */
export function pendingWithdrawalMarkerItem(userId: string, withdrawalId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { pk: userPk(userId), sk: 'PENDING_WITHDRAWAL', entity: 'pending-withdrawal', userId, withdrawalId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function newWithdrawalItem(withdrawal: WithdrawalRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...withdrawalKey(withdrawal.userId, withdrawal.id),
        entity: 'withdrawal',
        ...withdrawal,
        gsi1pk: `WITHDRAWALS#${withdrawal.status}`,
        gsi1sk: `${withdrawal.createdAt}#${withdrawal.userId}#${withdrawal.id}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function listUserWithdrawals(userId: string): Promise<WithdrawalRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :withdrawals)',
    ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': userPk(userId), ':withdrawals': 'WITHDRAWAL#' },
  });
  return items.map(toRecord);
}
