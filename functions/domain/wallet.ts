// The wallet: balances, cash withdrawals by UPI, and cash credits (prizes).
import { randomUUID } from 'node:crypto';
import type { Wallet, Withdrawal } from '#shared/api.ts';
import type { WithdrawInput } from '#shared/schemas.ts';
import { conditionFailedAt, lostTransactionRace, transactWrite } from '#functions/lib/dynamodb.ts';
import { ledgerEntryItem, prizeEntryId, withdrawalEntryId } from '#functions/data/ledger.ts';
import * as wallets from '#functions/data/wallets.ts';
import * as withdrawals from '#functions/data/withdrawals.ts';
import { DomainError } from './errors.ts';
import { paiseToRupees, rupeesToPaise } from './money.ts';

export async function getWalletSummary(userId: string): Promise<Wallet> {
  const wallet = await wallets.getWallet(userId);
  return { totalCoins: wallet.coins, totalCash: paiseToRupees(wallet.cashPaise), totalEarnings: wallet.earnings };
}

const withdrawalAnswer = ({ id, status, amountPaise, createdAt }: withdrawals.WithdrawalRecord): Withdrawal => ({
  _id: id,
  status,
  amount: paiseToRupees(amountPaise),
  createdAt,
});

// The order of the items in a withdrawal's transaction, for reading which condition failed.
const PENDING_MARKER = 0;
const CASH_DEBIT = 1;

/**
 * Requests a withdrawal: in ONE transaction, claims the user's single pending slot, debits the cash
 * (never below zero), writes the ledger entry and stores the request as 'pending'.
 */
export async function requestWithdrawal(userId: string, input: WithdrawInput): Promise<Withdrawal> {
  const withdrawal: withdrawals.WithdrawalRecord = {
    id: randomUUID(),
    userId,
    amountPaise: rupeesToPaise(input.amount),
    upiId: input.upiId,
    status: 'pending',
    createdAt: new Date().toISOString(),
  };
  try {
    await transactWrite([
      withdrawals.pendingWithdrawalMarkerItem(userId, withdrawal.id),
      wallets.debitItem(userId, 'cashPaise', withdrawal.amountPaise),
      ledgerEntryItem({ userId, entryId: withdrawalEntryId(withdrawal.id), kind: 'withdrawal', coins: 0, cashPaise: -withdrawal.amountPaise, createdAt: withdrawal.createdAt }),
      withdrawals.newWithdrawalItem(withdrawal),
    ]);
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

// The order of the items in a credit's transaction.
const CREDIT_WALLET = 0;
const CREDIT_LEDGER = 1;

/**
 * Credits cash (a prize) with its ledger entry in one transaction. `creditId` names the credit, so
 * repeating it changes nothing: answers false when it was already applied.
 */
export async function creditCash(userId: string, amountPaise: number, creditId: string): Promise<boolean> {
  try {
    await transactWrite([
      wallets.creditItem(userId, 'cashPaise', amountPaise),
      ledgerEntryItem({ userId, entryId: prizeEntryId(creditId), kind: 'prize', coins: 0, cashPaise: amountPaise, createdAt: new Date().toISOString() }),
    ]);
    return true;
  } catch (error) {
    if (conditionFailedAt(error, CREDIT_LEDGER)) return false;
    if (conditionFailedAt(error, CREDIT_WALLET)) throw new DomainError('user-not-found');
    throw error;
  }
}
