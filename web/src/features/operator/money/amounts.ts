// Amounts in words for the console: '100 coins', '₹500', and a prize's '₹500 and 100 coins'.
import { formatCount, formatRupees } from '../../../lib/format-number.ts';

export const coinsText = (n: number) => `${formatCount(n)} ${Math.abs(n) === 1 ? 'coin' : 'coins'}`;
export const rupeesText = (n: number) => `₹${formatRupees(n)}`;

/** A prize's amount, naming only what is above 0 (the credit and reversal dialogs' confirmations, a person's prizes). */
export function prizeAmountText({ cash, coins }: { cash: number; coins: number }): string {
  return [cash > 0 && rupeesText(cash), coins > 0 && coinsText(coins)].filter(Boolean).join(' and ');
}
