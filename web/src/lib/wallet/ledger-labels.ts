// What a ledger entry's kind reads as, for the console's person page (the wallet's coin history keeps
// its own labels in features/wallet/coin-history-model.ts, written for the user's own eyes).
const LABELS: Partial<Record<string, string>> = {
  welcome: 'Welcome bonus',
  allowance: 'Daily coins',
  bet: 'Bet placed',
  payout: 'Bet won',
  refund: 'Stake refunded',
  prize: 'Prize',
  'prize-reversal': 'Prize reversed',
  'prize-write-off': 'Prize reversal written off',
  'prize-write-off-repayment': 'Prize debt repaid',
  withdrawal: 'Withdrawal',
  'withdrawal-refund': 'Withdrawal returned',
  correction: 'Result corrected',
  'write-off': 'Written off',
  'write-off-repayment': 'Write-off repaid',
};

/** A readable name for a ledger entry's kind; a kind this build does not know is named by itself ('late-fee' -> 'Late fee'). */
export function ledgerEntryLabel(kind: string): string {
  const known = LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[-_#]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Other';
}
