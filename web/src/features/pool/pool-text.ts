// The pool screen's pure display rules: the quick amounts, how a stake of mine reads, and the client's own check of an amount before it is sent.
import type { PoolStake } from '#shared/api.ts';
import { BET_MIN_CHECK, COIN_BET_MAX, COIN_BET_MIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { coinCount } from '../../lib/game/pool-text.ts';

/** A stake of mine: its state in words, its team knocked out said so while the cup is still played. */
export function stakeStatusText(stake: PoolStake, teamOut: boolean): string {
  switch (stake.status) {
    // 'pending' only until the close protocol accepts it, moments later: in play for its bettor.
    case 'pending':
    case 'accepted':
      return teamOut ? 'Knocked out' : 'In play';
    case 'won':
      return 'Won';
    case 'lost':
      return 'Lost';
    case 'refunded':
      return 'Refunded';
  }
}

/** What a stake of mine was paid, once it was: 'Paid 300 coins', '100 coins back'. */
export function stakePayoutText(stake: PoolStake): string | null {
  if (stake.payout === undefined) return null;
  if (stake.status === 'refunded') return `${coinCount(stake.payout)} back`;
  return stake.status === 'won' ? `Paid ${coinCount(stake.payout)}` : null;
}

/** The client's check before sending, as the bet screen's: the server enforces the real limits. */
export function stakeAmountProblem(amount: number, available: number | undefined): string | null {
  if (!(Number.isFinite(amount) && amount >= BET_MIN_CHECK)) return MSG.minBet;
  return available !== undefined && amount > available ? MSG.notEnoughCoins : null;
}

/** The refusals about the amount itself: said next to the field as well as in the toast. */
const AMOUNT_MESSAGES: readonly string[] = [MSG.minBet, MSG.betAmountNotNumber, MSG.betAmountNotWhole, MSG.betAmountOutOfRange, MSG.notEnoughCoins];

export const isAmountProblem = (message: string) => AMOUNT_MESSAGES.includes(message);

/**
 * The quick amounts, the bet screen's (features/betting/bet-form.ts): 100, 250 and 500 below the most the
 * bettor may stake, then that most (the coins they have, at most COIN_BET_MAX); none below the smallest
 * stake. Its own copy: a chunk shared with the bet screen would cost that screen's first load more than these lines.
 */
export function quickAmounts(available: number): { amounts: number[]; most: number | null } {
  const most = Math.min(COIN_BET_MAX, Math.floor(available));
  if (!(most >= COIN_BET_MIN)) return { amounts: [], most: null };
  return { amounts: [100, 250, 500].filter((amount) => amount < most), most };
}
