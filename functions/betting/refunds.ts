// A bet's stake given back, as settlement and its corrections write it: the items of one transaction and
// the notice that says why.
import type { TransactItem } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import { ledgerEntryItem, refundEntryId } from '#functions/data/ledger.ts';
import { creditItem } from '#functions/data/wallets.ts';
import type { Notice } from '#functions/notifications/notice-texts.ts';

/** What settling (or correcting) one bet writes, in one transaction, and what its bettor is told. */
export interface BetSettlement {
  bet: bets.BetRecord;
  /** The bet's guarded update first, then the money, trophy and ledger items. */
  items: TransactItem[];
  notice: Notice;
}

/**
 * A stake given back: the bet's guarded update first (still pending), then
 * the coins and the ledger entry, with the notice that says why.
 */
export function refund(bet: bets.BetRecord, at: string, notice: Notice, generation = 0): BetSettlement {
  const { userId, eventId, amount } = bet;
  return {
    bet,
    items: [
      bets.settleBetItem(bet, 'refunded', at, undefined, generation),
      creditItem(userId, 'coins', amount),
      ledgerEntryItem({ userId, entryId: refundEntryId(eventId), kind: 'refund', coins: amount, cashPaise: 0, createdAt: at }),
    ],
    notice,
  };
}
