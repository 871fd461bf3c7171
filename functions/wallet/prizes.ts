// Prizes credited by operators: coins and/or cash, with their ledger entry and the user's notification;
// and a prize credited by mistake taken back (a compensating entry, never below zero: what the user no
// longer has is written off as a prize debt, which later prizes repay first).
import type { PrizeCredit, PrizeReversal } from '#shared/api.ts';
import { cancellationCodes, conditionFailedAt, lostTransactionRace, retryLostRacesWhileTimeLeft } from '#functions/platform/dynamodb.ts';
import { getLedgerEntry, hasLedgerEntry, ledgerEntryItem, prizeEntryId, prizeRepaymentEntryId, prizeReversalEntryId, prizeWriteOffEntryId } from '#functions/data/ledger.ts';
import * as wallets from '#functions/data/wallets.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { log } from '#functions/platform/logger.ts';
import { paiseToRupees } from '#shared/money.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { notices } from '#functions/notifications/notice-texts.ts';

// The order of the items in a credit's transaction.
const CREDIT_WALLET = 0;
const CREDIT_LEDGER = 1;
// The order of the items in a reversal's transaction.
const REVERSAL_ENTRY = 0;
const REVERSAL_WALLET = 1;

/** Reads again and retries while the wallet moves under a credit or a reversal (a bet, a withdrawal), this often at most. */
const WALLET_ATTEMPTS = 8;

export interface Prize {
  coins: number;
  cashPaise: number;
  reason: string;
  /** Names the credit, so repeating it changes nothing. */
  creditId: string;
}

/** Whole, non-negative coins and paise, at least one of them above 0: never a ledger entry of nothing. */
const isCreditable = ({ coins, cashPaise }: Prize) =>
  [coins, cashPaise].every((amount) => Number.isSafeInteger(amount) && amount >= 0) && coins + cashPaise > 0;

/**
 * Credits a prize (coins and/or cash) with its ledger entry and the user's notification in one
 * transaction; a prize debt (prizes reversed after they were spent) is repaid out of it first, with its
 * own entry. A repeated creditId applies nothing and answers applied: false.
 */
export async function creditPrize(userId: string, prize: Prize): Promise<PrizeCredit> {
  if (!isCreditable(prize)) throw new DomainError('credit-amount-invalid');
  const { coins, cashPaise, reason, creditId } = prize;
  for (let attempt = 1; ; attempt++) {
    const wallet = await wallets.getWalletWithDebt(userId);
    if (!wallet) throw new DomainError('user-not-found');
    const repaid = { debtCoins: Math.min(wallet.debtCoins, coins), debtPaise: Math.min(wallet.debtPaise, cashPaise) };
    const createdAt = new Date().toISOString();
    const items = [
      wallets.creditPrizeItem(userId, { coins, cashPaise }, wallet, repaid),
      ledgerEntryItem({ userId, entryId: prizeEntryId(creditId), kind: 'prize', coins, cashPaise, createdAt, note: reason }),
      ...(repaid.debtCoins + repaid.debtPaise > 0
        ? [ledgerEntryItem({ userId, entryId: prizeRepaymentEntryId(creditId), kind: 'prize-write-off-repayment', coins: -repaid.debtCoins, cashPaise: -repaid.debtPaise, createdAt })]
        : []),
    ];
    const notice = notices.prizeCredited(userId, creditId, { coins, cashPaise }, reason, createdAt, { coins: repaid.debtCoins, cashPaise: repaid.debtPaise });
    try {
      // An operator's credit waits out a settlement paying the same wallet rather than being refused.
      await retryLostRacesWhileTimeLeft(() => commitNotifying(items, [notice]));
      return { creditId, applied: true };
    } catch (error) {
      if (conditionFailedAt(error, CREDIT_LEDGER)) return { creditId, applied: false };
      // The debt moved (another prize, a reversal): read again.
      if (conditionFailedAt(error, CREDIT_WALLET) && attempt < WALLET_ATTEMPTS) continue;
      if (lostTransactionRace(error) || cancellationCodes(error)) throw new DomainError('wallet-busy');
      throw error;
    }
  }
}

/** Credits cash alone (a prize); false when `creditId` was applied already. */
export const creditCash = async (userId: string, amountPaise: number, creditId: string) =>
  (await creditPrize(userId, { coins: 0, cashPaise: amountPaise, reason: 'Prize', creditId })).applied;

const amounts = (coins: number, cashPaise: number) => ({ cash: paiseToRupees(cashPaise), coins });

/**
 * Takes back a prize credited by mistake, whole: one compensating entry (its negative) in the same
 * transaction as the wallet's update and the user's notice. What the user no longer has (spent coins,
 * withdrawn cash) is not taken below zero: the house writes it off (its own entry) and the wallet keeps
 * it as a prize debt, which later prizes repay first. A prize is reversed at most once: its reversal's
 * entry id is the prize's. The entry names the operator and the reason (the reversal's audit).
 */
export async function reversePrize(operatorId: string, userId: string, creditId: string, reason: string): Promise<PrizeReversal> {
  const prize = await getLedgerEntry(userId, prizeEntryId(creditId));
  if (!prize || prize.kind !== 'prize') throw new DomainError('prize-not-found');
  for (let attempt = 1; ; attempt++) {
    if (await hasLedgerEntry(userId, prizeReversalEntryId(creditId))) throw new DomainError('prize-already-reversed');
    const wallet = await wallets.getWalletWithDebt(userId);
    if (!wallet) throw new DomainError('prize-not-found');
    const taken = { coins: Math.min(prize.coins, wallet.coins), cashPaise: Math.min(prize.cashPaise, wallet.cashPaise) };
    const owed = { coins: prize.coins - taken.coins, cashPaise: prize.cashPaise - taken.cashPaise };
    const reversedAt = new Date().toISOString();
    const items = [
      ledgerEntryItem({ userId, entryId: prizeReversalEntryId(creditId), kind: 'prize-reversal', coins: -prize.coins, cashPaise: -prize.cashPaise, createdAt: reversedAt, note: reason, by: operatorId }),
      wallets.reversePrizeItem(userId, wallet, taken, { debtCoins: owed.coins, debtPaise: owed.cashPaise }),
      ...(owed.coins + owed.cashPaise > 0
        ? [ledgerEntryItem({ userId, entryId: prizeWriteOffEntryId(creditId), kind: 'prize-write-off', coins: owed.coins, cashPaise: owed.cashPaise, createdAt: reversedAt, by: operatorId })]
        : []),
    ];
    const notice = notices.prizeReversed(userId, creditId, { coins: prize.coins, cashPaise: prize.cashPaise }, owed, reason, reversedAt);
    try {
      await retryLostRacesWhileTimeLeft(() => commitNotifying(items, [notice]));
      log('info', 'prize reversed', { operatorId, userId, creditId, coins: prize.coins, cashPaise: prize.cashPaise, owedCoins: owed.coins, owedPaise: owed.cashPaise });
      return {
        creditId,
        userId,
        prize: amounts(prize.coins, prize.cashPaise),
        taken: amounts(taken.coins, taken.cashPaise),
        owed: amounts(owed.coins, owed.cashPaise),
        reason,
        reversedAt,
      };
    } catch (error) {
      if (conditionFailedAt(error, REVERSAL_ENTRY)) throw new DomainError('prize-already-reversed');
      // The balances moved since they were read (a bet, a withdrawal): read again.
      if (conditionFailedAt(error, REVERSAL_WALLET) && attempt < WALLET_ATTEMPTS) continue;
      if (lostTransactionRace(error) || cancellationCodes(error)) throw new DomainError('wallet-busy');
      throw error;
    }
  }
}
