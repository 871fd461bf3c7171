// Cash withdrawals by UPI: requested by users, paid or rejected by operators.
import { randomUUID } from 'node:crypto';
import type { AdminWithdrawal, Withdrawal, WithdrawalStatus } from '#shared/api.ts';
import { ADMIN_WITHDRAWALS_LIMIT } from '#shared/constants.ts';
import type { WithdrawalDecision, WithdrawInput } from '#shared/schemas.ts';
import { conditionFailedAt, lostTransactionRace, retryLostRacesWhileTimeLeft } from '#functions/platform/dynamodb.ts';
import { ledgerEntryItem, withdrawalEntryId, withdrawalRefundEntryId } from '#functions/data/ledger.ts';
import * as operatorRoster from '#functions/data/operator-roster.ts';
import * as users from '#functions/data/users.ts';
import * as wallets from '#functions/data/wallets.ts';
import * as withdrawals from '#functions/data/withdrawals.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { paiseToRupees, rupeesToPaise } from '#shared/money.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { notices } from '#functions/notifications/notice-texts.ts';

const withdrawalAnswer = ({ id, status, amountPaise, createdAt, upiId, decidedAt, reference, reason }: withdrawals.WithdrawalRecord): Withdrawal => ({
  _id: id,
  status,
  amount: paiseToRupees(amountPaise),
  createdAt,
  upiId,
  decidedAt: decidedAt ?? null,
  reference: reference ?? null,
  reason: reason ?? null,
});

// The order of the items in a withdrawal's transaction, for reading which condition failed.
const PENDING_MARKER = 0;
const CASH_DEBIT = 1;

/** The operators told of each new request (their notices ride in its transaction: 2 items each). */
const OPERATORS_NOTIFIED = 20;

/**
 * Requests a withdrawal: in ONE transaction, claims the user's single pending slot, debits the cash
 * (never below zero), writes the ledger entry, stores the request as 'pending' and tells the operators
 * (their inbox, and Web Push from the table stream).
 */
export async function requestWithdrawal(userId: string, input: WithdrawInput): Promise<Withdrawal> {
  const [user, operatorIds] = await Promise.all([users.getUser(userId), operatorRoster.listOperatorIds(OPERATORS_NOTIFIED + 1)]);
  const withdrawal: withdrawals.WithdrawalRecord = {
    id: randomUUID(),
    userId,
    amountPaise: rupeesToPaise(input.amount),
    upiId: input.upiId,
    status: 'pending',
    createdAt: new Date().toISOString(),
  };
  const operatorNotices = operatorIds
    .filter((id) => id !== userId)
    .slice(0, OPERATORS_NOTIFIED)
    .map((operatorId) => notices.withdrawalRequested(operatorId, withdrawal.id, withdrawal.amountPaise, user?.userName ?? 'A user', withdrawal.upiId, withdrawal.createdAt));
  try {
    await commitNotifying(
      [
        withdrawals.pendingWithdrawalMarkerItem(userId, withdrawal.id),
        wallets.debitItem(userId, 'cashPaise', withdrawal.amountPaise),
        ledgerEntryItem({ userId, entryId: withdrawalEntryId(withdrawal.id), kind: 'withdrawal', coins: 0, cashPaise: -withdrawal.amountPaise, createdAt: withdrawal.createdAt }),
        withdrawals.newWithdrawalItem(withdrawal),
      ],
      operatorNotices,
    );
  } catch (error) {
    if (conditionFailedAt(error, PENDING_MARKER)) throw new DomainError('withdrawal-pending');
    if (conditionFailedAt(error, CASH_DEBIT)) throw new DomainError('not-enough-cash');
    if (lostTransactionRace(error)) throw new DomainError('wallet-busy');
    throw error;
  }
  return withdrawalAnswer(withdrawal);
}

/** A user's withdrawals, newest first. */
export async function listWithdrawals(userId: string): Promise<Withdrawal[]> {
  const list = await withdrawals.listUserWithdrawals(userId);
  return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(withdrawalAnswer);
}

const adminWithdrawal = (withdrawal: withdrawals.WithdrawalRecord, user: users.UserRecord | undefined): AdminWithdrawal => ({
  ...withdrawalAnswer(withdrawal),
  userId: withdrawal.userId,
  userName: user?.userName ?? '',
  email: user?.email ?? '',
  upiId: withdrawal.upiId,
  decidedAt: withdrawal.decidedAt ?? null,
  reference: withdrawal.reference ?? null,
  reason: withdrawal.reason ?? null,
});

/** The newest withdrawals with this status, with their users' names and emails (for the operator). */
export async function listWithdrawalsByStatus(status: WithdrawalStatus): Promise<AdminWithdrawal[]> {
  const list = await withdrawals.listWithdrawalsByStatus(status, ADMIN_WITHDRAWALS_LIMIT);
  const usersById = await users.getUsers(list.map((w) => w.userId));
  return list.map((w) => adminWithdrawal(w, usersById.get(w.userId)));
}

/**
 * Pays (with the payment reference) or rejects (refunding the cash, with the reason) a pending
 * withdrawal, in ONE transaction that also frees the user's pending slot and writes the notification.
 */
export async function decideWithdrawal(id: string, decision: WithdrawalDecision): Promise<AdminWithdrawal> {
  const withdrawal = await withdrawals.findWithdrawal(id);
  if (!withdrawal) throw new DomainError('withdrawal-not-found');
  if (withdrawal.status !== 'pending') throw new DomainError('withdrawal-not-pending');
  const { userId, amountPaise, upiId } = withdrawal;
  const decidedAt = new Date().toISOString();
  const [refund, notice] =
    decision.status === 'paid'
      ? [[], notices.withdrawalPaid(userId, id, amountPaise, upiId, decision.reference, decidedAt)]
      : [
          [
            wallets.creditItem(userId, 'cashPaise', amountPaise),
            ledgerEntryItem({ userId, entryId: withdrawalRefundEntryId(id), kind: 'withdrawal-refund', coins: 0, cashPaise: amountPaise, createdAt: decidedAt }),
          ],
          notices.withdrawalRejected(userId, id, amountPaise, decision.reason, decidedAt),
        ];
  try {
    // A refund waits out a settlement paying the same wallet, as a prize credit does.
    await retryLostRacesWhileTimeLeft(() => commitNotifying([...withdrawals.decideWithdrawalItems(withdrawal, decision, decidedAt), ...refund], [notice]));
  } catch (error) {
    // Index 0 is the withdrawal's own update, guarded by status = 'pending'.
    if (conditionFailedAt(error, 0)) throw new DomainError('withdrawal-not-pending');
    if (lostTransactionRace(error)) throw new DomainError('wallet-busy');
    throw error;
  }
  const decided = { ...withdrawal, ...decision, decidedAt };
  return adminWithdrawal(decided, await users.getUser(userId));
}
