// Withdrawal requests (cash by UPI), under the user's partition, plus a marker that allows one pending
// request per user: the marker is put (attribute_not_exists) in the same TransactWrite as the cash
// debit, its ledger entry and the request, and removed when the request is paid or rejected.
// Access patterns:
//   request a withdrawal             -> TransactWrite: Put pk=USER#<id> sk=PENDING_WITHDRAWAL attribute_not_exists
//                                       + wallet debit + ledger + Put pk=USER#<id> sk=WITHDRAWAL#<withdrawalId>
//   a user's withdrawals             -> Query  pk=USER#<id>  sk begins_with WITHDRAWAL#
//   withdrawals by status (operator) -> Query gsi1  gsi1pk=WITHDRAWALS#<status>  gsi1sk=<createdAt>#<userId>#<withdrawalId>, descending
//   a withdrawal by its id (operator) -> Query gsi2  gsi2pk=WITHDRAWAL#<withdrawalId>  (the path names only the id)
//   pay or reject once               -> TransactWrite: Update WITHDRAWAL status = 'pending' (moves it to the new
//                                       status's gsi1 partition) + Delete PENDING_WITHDRAWAL (+ refund, notification)
import type { WithdrawalStatus } from '#shared/api.ts';
import type { WithdrawalDecision } from '#shared/schemas.ts';
import { type Item, queryAll, queryPage, recordOf, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

export interface WithdrawalRecord {
  id: string;
  userId: string;
  amountPaise: number;
  upiId: string;
  status: WithdrawalStatus;
  createdAt: string;
  /** When it was paid or rejected, with the payment reference or the reason. */
  decidedAt?: string;
  reference?: string;
  reason?: string;
}

const byStatus = (status: WithdrawalStatus) => `WITHDRAWALS#${status}`;
const byId = (id: string) => `WITHDRAWAL#${id}`;

const withdrawalKey = (userId: string, id: string) => ({ pk: userPk(userId), sk: `WITHDRAWAL#${id}` });

const pendingMarkerKey = (userId: string) => ({ pk: userPk(userId), sk: 'PENDING_WITHDRAWAL' });

const toRecord = (item: Item) => recordOf<WithdrawalRecord>(item);

/** Fails (ConditionalCheckFailed) while the user has a pending withdrawal. */
export function pendingWithdrawalMarkerItem(userId: string, withdrawalId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...pendingMarkerKey(userId), entity: 'pending-withdrawal', userId, withdrawalId },
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
        gsi1pk: byStatus(withdrawal.status),
        gsi1sk: `${withdrawal.createdAt}#${withdrawal.userId}#${withdrawal.id}`,
        gsi2pk: byId(withdrawal.id),
        gsi2sk: 'WITHDRAWAL',
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

/** The newest `limit` withdrawals with this status. */
export async function listWithdrawalsByStatus(status: WithdrawalStatus, limit: number): Promise<WithdrawalRecord[]> {
  const { items } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :status',
    ExpressionAttributeValues: { ':status': byStatus(status) },
    ScanIndexForward: false,
    Limit: limit,
  });
  return items.map(toRecord);
}

/** A withdrawal by id alone (its status as the index last saw it; the decision's condition has the last word). */
export async function findWithdrawal(id: string): Promise<WithdrawalRecord | undefined> {
  const { items } = await queryPage({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :id',
    ExpressionAttributeValues: { ':id': byId(id) },
    Limit: 1,
  });
  return items[0] && toRecord(items[0]);
}

/** Pays or rejects a pending withdrawal (fails on its index 0 otherwise) and frees the user's pending slot. */
export function decideWithdrawalItems(withdrawal: WithdrawalRecord, decision: WithdrawalDecision, decidedAt: string): TransactItem[] {
  const detail = decision.status === 'paid' ? { name: 'reference', value: decision.reference } : { name: 'reason', value: decision.reason };
  return [
    {
      Update: {
        TableName: tableName(),
        Key: withdrawalKey(withdrawal.userId, withdrawal.id),
        UpdateExpression: `SET #status = :status, gsi1pk = :byStatus, decidedAt = :at, #detail = :detail`,
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#detail': detail.name },
        ExpressionAttributeValues: { ':status': decision.status, ':byStatus': byStatus(decision.status), ':at': decidedAt, ':detail': detail.value, ':pending': 'pending' },
      },
    },
    { Delete: { TableName: tableName(), Key: pendingMarkerKey(withdrawal.userId) } },
  ];
}
