import { Link } from '../../components/link.tsx';
import type { LedgerEntryView } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CoinIcon } from '../../components/icons.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { formatCount, formatRupees } from '../../lib/format-number.ts';
import { useCoinHistory } from './api/get-ledger.ts';
import { BalanceChart } from './balance-chart.tsx';
import { entryLabel, entryTarget } from './coin-history-model.ts';

const signed = (n: number, format: (n: number) => string) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${format(Math.abs(n))}`;

function EntryRow({ entry }: { entry: LedgerEntryView }) {
  const target = entryTarget(entry.link);
  const tone = entry.coins + entry.cash > 0 ? 'is-credit' : entry.coins + entry.cash < 0 ? 'is-debit' : '';
  return (
    <tr>
      <td>
        <time dateTime={entry.createdAt} className="ledger-when">
          <span>{formatDate(entry.createdAt)}</span>
          <span className="muted">{formatTimeWithZone(entry.createdAt)}</span>
        </time>
      </td>
      <td>
        <span className="ledger-what">{entryLabel(entry.kind)}</span>
        {entry.note && <span className="ledger-note">{entry.note}</span>}
        {target &&
          (target.inPage ? (
            <a className="ledger-link" href={target.href}>
              {target.label}
            </a>
          ) : (
            <Link className="ledger-link" to={target.href}>
              {target.label}
            </Link>
          ))}
      </td>
      <td className={`ledger-amount ${tone}`}>
        {entry.coins !== 0 && <span>{signed(entry.coins, formatCount)}</span>}
        {entry.cash !== 0 && <span>{signed(entry.cash, (n) => `₹${formatRupees(n)}`)}</span>}
      </td>
      <td className="ledger-amount">
        <span>{formatCount(entry.coinsAfter)}</span>
        {entry.cashAfter !== 0 && <span className="muted">₹{formatRupees(entry.cashAfter)}</span>}
      </td>
    </tr>
  );
}

/**
 * The wallet's 'Coin history' (inside its section, wallet-page.tsx): a chart of the balance and the
 * entries newest first, a page at a time.
 */
export function CoinHistoryList() {
  const { entries, hasMore, loadingMore, loadMore } = useCoinHistory();
  return (
    <>
      {entries === null ? (
        <SkeletonList label="Loading coin history" rows={4} />
      ) : entries.length === 0 ? (
        <EmptyState icon={<CoinIcon size={28} />} title="No history found">
          <p>Every bet, payout, prize and withdrawal shows up here.</p>
        </EmptyState>
      ) : (
        <>
          <BalanceChart entries={entries} />
          <table className="ledger-table">
            <caption className="visually-hidden">Coin history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Change</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <EntryRow key={entry._id} entry={entry} />
              ))}
            </tbody>
          </table>
          {hasMore && (
            <Button variant="secondary" block busy={loadingMore} onClick={loadMore}>
              Load more
            </Button>
          )}
        </>
      )}
    </>
  );
}
