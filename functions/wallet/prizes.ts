// Prizes credited by operators: coins and/or cash, with their ledger entry and the user's notification.
import type { PrizeCredit } from '#shared/api.ts';
import { conditionFailedAt, lostTransactionRace } from '#functions/platform/dynamodb.ts';
import { ledgerEntryItem, prizeEntryId } from '#functions/data/ledger.ts';
import * as wallets from '#functions/data/wallets.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { notices } from '#functions/notifications/notice-texts.ts';

// The order of the items in a credit's transaction.
const CREDIT_WALLET = 0;
const CREDIT_LEDGER = 1;

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
 * transaction. A repeated creditId applies nothing and answers applied: false.
 */
export async function creditPrize(userId: string, prize: Prize): Promise<PrizeCredit> {
  if (!isCreditable(prize)) throw new DomainError('credit-amount-invalid');
  const { coins, cashPaise, reason, creditId } = prize;
  const createdAt = new Date().toISOString();
  try {
    await commitNotifying(
      [
        wallets.creditFieldsItem(userId, { coins, cashPaise }),
        ledgerEntryItem({ userId, entryId: prizeEntryId(creditId), kind: 'prize', coins, cashPaise, createdAt, note: reason }),
      ],
      [notices.prizeCredited(userId, creditId, { coins, cashPaise }, reason, createdAt)],
    );
    return { creditId, applied: true };
  } catch (error) {
    if (conditionFailedAt(error, CREDIT_LEDGER)) return { creditId, applied: false };
    if (conditionFailedAt(error, CREDIT_WALLET)) throw new DomainError('user-not-found');
    if (lostTransactionRace(error)) throw new DomainError('wallet-busy');
    throw error;
  }
}

/** Credits cash alone (a prize); false when `creditId` was applied already. */
export const creditCash = async (userId: string, amountPaise: number, creditId: string) =>
  (await creditPrize(userId, { coins: 0, cashPaise: amountPaise, reason: 'Prize', creditId })).applied;
