// A bet's stake given back, as settlement and the bettor's own request (the close protocol) both write
// it: the items of one transaction and the notice that says why.
import type { TransactItem } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import { ledgerEntryItem, refundEntryId } from '#functions/data/ledger.ts';
import { creditItem } from '#functions/data/wallets.ts';
import { type Notice, notices } from '#functions/notifications/notice-texts.ts';

/** What settling (or correcting) one bet writes, in one transaction, and what its bettor is told. */
export interface BetSettlement {
  bet: bets.BetRecord;
  /** The bet's guarded update first, then the money, trophy and ledger items. */
  items: TransactItem[];
  notice: Notice;
}

/**
 * A stake given back: the bet's guarded update first (pending, and accepted or not as `bet` says), then
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

/**
 * The refund of a bet that was never accepted (betting closed while it was on its way: see the close
 * protocol in placeBet), whatever the outcome.
 */
export const unacceptedRefund = (bet: bets.BetRecord, at: string): BetSettlement =>
  refund(bet, at, notices.lateBetRefunded(bet.userId, bet.eventId, bet.teamName, bet.amount, at));
