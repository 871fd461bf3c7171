// What a ledger entry's kind reads as. The console's person page names it as the operator sees it (below);
// the wallet's coin history keeps its own names, written for the user's own eyes
// (features/wallet/coin-history-model.ts), and both fall back alike for a kind this build does not know.
export type KindLabels = Partial<Record<string, string>>;

const OPERATOR_LABELS: KindLabels = {
  welcome: 'Welcome bonus',
  allowance: 'Daily coins',
  bet: 'Bet placed',
  payout: 'Bet won',
  'underdog-bonus': 'Underdog bonus',
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

/** A readable name for a ledger entry's kind from `labels`; a kind they do not know is named by itself ('late-fee' -> 'Late fee'). */
export function kindLabel(labels: KindLabels, kind: string): string {
  const known = labels[kind];
  if (known) return known;
  const words = kind.replace(/[-_#]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Other';
}

/** The operator's name for a ledger entry's kind. */
export const ledgerEntryLabel = (kind: string) => kindLabel(OPERATOR_LABELS, kind);
