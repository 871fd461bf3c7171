// What the coin history shows of each ledger entry, and the balance chart's geometry: pure, so tested
// without a browser.
import type { LedgerEntryView, LedgerLink } from '#shared/api.ts';
import { confirmBettingPath } from '../../lib/paths.ts';
import { type KindLabels, kindLabel } from '../../lib/wallet/ledger-labels.ts';

const LABELS: KindLabels = {
  welcome: 'Welcome bonus',
  bet: 'Bet placed',
  payout: 'Bet won',
  'underdog-bonus': 'Underdog bonus',
  refund: 'Stake refunded',
  prize: 'Prize',
  withdrawal: 'Withdrawal',
  'withdrawal-refund': 'Withdrawal returned',
  allowance: 'Daily coins',
  correction: 'Result corrected',
  'write-off': 'Written off',
  'write-off-repayment': 'Write-off repaid',
  'prize-reversal': 'Prize taken back',
  'prize-write-off': 'Already used, owed',
  'prize-write-off-repayment': 'Owed prize repaid',
};

/** A readable name for the entry's kind; a kind this build does not know yet is named by itself ('late-fee' -> 'Late fee'). */
export const entryLabel = (kind: string) => kindLabel(LABELS, kind);

/** Where an entry leads: a bet's receipt, or the withdrawal's row in the order history on the wallet page. */
export function entryTarget(link: LedgerLink | null): { href: string; label: string; inPage: boolean } | null {
  if (!link) return null;
  return link.type === 'bet'
    ? { href: confirmBettingPath(link.eventId), label: 'Bet receipt', inPage: false }
    : { href: `#${orderAnchor(link.withdrawalId)}`, label: 'See order', inPage: true };
}

/** The id of a withdrawal's row in the order history. */
export const orderAnchor = (withdrawalId: string) => `order-${withdrawalId}`;

/** Coins or rupees: the two balances the history keeps apart. */
export type Money = 'coins' | 'cash';

/** An entry as one balance's row: its change of that balance (signed) and that balance after it. */
export interface MoneyRow {
  entry: LedgerEntryView;
  change: number;
  after: number;
}

/**
 * The entries that moved this balance, as its rows: coins and rupees never share a column or a running
 * balance (a cash prize is no row of the coins history, a bet none of the cash one; a prize of both is in each).
 * An entry that moved neither stays with the coins.
 */
export function moneyRows(entries: readonly LedgerEntryView[], money: Money): MoneyRow[] {
  return entries.flatMap((entry) => {
    const change = money === 'coins' ? entry.coins : entry.cash;
    // An entry that moved neither (nothing to repay, say) is listed with the coins, as before.
    const listed = change !== 0 || (money === 'coins' && entry.cash === 0);
    return listed ? [{ entry, change, after: money === 'coins' ? entry.coinsAfter : entry.cashAfter }] : [];
  });
}

export interface ChartGeometry {
  /** An SVG path: the balance as steps (it holds until the next change). */
  line: string;
  /** The same closed down to the bottom, for the shaded area. */
  area: string;
  points: { x: number; y: number }[];
  min: number;
  max: number;
}

/** The SVG's units; the axis labels are HTML beside it, so the plot fills it but for room for the dots. */
export const CHART = { width: 320, height: 120, left: 6, right: 6, top: 8, bottom: 8 } as const;

/**
 * The coins balance over time of these entries (any order), scaled into CHART's plot area: x by time,
 * y by balance, between the lowest and highest balance (a flat history sits in the middle).
 */
export function chartGeometry(entries: readonly Pick<LedgerEntryView, 'createdAt' | 'coinsAfter'>[]): ChartGeometry | null {
  if (entries.length === 0) return null;
  const series = entries.map((entry) => ({ time: Date.parse(entry.createdAt), value: entry.coinsAfter })).sort((a, b) => a.time - b.time);
  const values = series.map((point) => point.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const [first, last] = [series[0].time, series.at(-1)!.time];
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const round = (n: number) => Math.round(n * 10) / 10;
  const x = (time: number) => round(CHART.left + (last === first ? plotWidth / 2 : ((time - first) / (last - first)) * plotWidth));
  const y = (value: number) => round(CHART.top + (max === min ? plotHeight / 2 : ((max - value) / (max - min)) * plotHeight));
  const points = series.map((point) => ({ x: x(point.time), y: y(point.value) }));
  const right = CHART.width - CHART.right;
  const steps = points.map((point, i) => (i === 0 ? `M${point.x} ${point.y}` : `H${point.x}V${point.y}`)).join('');
  const line = `${steps}H${right}`;
  const bottom = CHART.height - CHART.bottom;
  return { line, area: `${line}V${bottom}H${points[0].x}Z`, points, min, max };
}
