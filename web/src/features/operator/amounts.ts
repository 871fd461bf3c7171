// A prize's amount in words for the console's confirmations: '₹500', '100 coins', '₹500 and 100 coins'.
import { formatCount, formatRupees } from '../../lib/format-number.ts';

export function prizeAmountText({ cash, coins }: { cash: number; coins: number }): string {
  const parts = [cash > 0 && `₹${formatRupees(cash)}`, coins > 0 && `${formatCount(coins)} coin${coins === 1 ? '' : 's'}`].filter(Boolean);
  return parts.join(' and ');
}
