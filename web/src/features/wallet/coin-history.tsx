import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CoinIcon, RupeeIcon } from '../../components/icons.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { formatCount, formatRupees } from '../../lib/format-number.ts';
import { useCoinHistory } from './api/get-ledger.ts';
import { BalanceChart } from './balance-chart.tsx';
import { entryLabel, entryTarget, moneyRows, type Money, type MoneyRow } from './coin-history-model.ts';

const signed = (n: number, format: (n: number) => string) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${format(Math.abs(n))}`;

/** How each balance's amounts read: coins as counts, rupees with their sign and paise. */
const FORMAT: Record<Money, (n: number) => string> = {
  coins: formatCount,
  cash: (n) => `₹${formatRupees(n)}`,
};

function EntryRow({ row, money }: { row: MoneyRow; money: Money }) {
  const { entry, change, after } = row;
  const target = entryTarget(entry.link);
  const tone = change > 0 ? 'is-credit' : change < 0 ? 'is-debit' : '';
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
        <span>{signed(change, FORMAT[money])}</span>
      </td>
      <td className="ledger-amount">
        <span>{FORMAT[money](after)}</span>
      </td>
    </tr>
  );
}

function MoneyTable({ rows, money }: { rows: readonly MoneyRow[]; money: Money }) {
  return (
    <table className="ledger-table">
      <caption className="visually-hidden">{money === 'coins' ? 'Coin history, newest first' : 'Cash history in rupees, newest first'}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">{money === 'coins' ? 'Change' : 'Change (₹)'}</th>
          <th scope="col">{money === 'coins' ? 'Balance' : 'Balance (₹)'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <EntryRow key={row.entry._id} row={row} money={money} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * The wallet's 'Coin history' (inside its section, wallet-page.tsx): coins and rupees kept apart. The coins
 * (a chart of their balance and the entries newest first) show first; once rupees have moved (a cash
 * prize, a withdrawal), 'Cash (₹)' lists those with the rupee balance. A page of entries at a time.
 */
export function CoinHistoryList() {
  const { entries, hasMore, loadingMore, loadMore } = useCoinHistory();
  const [money, setMoney] = useState<Money>('coins');
  if (entries === null) return <SkeletonList label="Loading coin history" rows={4} />;
  if (entries.length === 0) {
    return (
      <EmptyState icon={<CoinIcon size={28} />} title="No history found">
        <p>Every bet, payout, prize and withdrawal shows up here.</p>
      </EmptyState>
    );
  }
  const coins = moneyRows(entries, 'coins');
  const cash = moneyRows(entries, 'cash');
  const shown = cash.length === 0 ? 'coins' : money;
  const rows = shown === 'coins' ? coins : cash;
  return (
    <>
      {cash.length > 0 && (
        <div className="segmented-switch money-switch" role="group" aria-label="Show the history of">
          <button type="button" aria-pressed={shown === 'coins'} onClick={() => setMoney('coins')}>
            <CoinIcon size={18} /> Coins
          </button>
          <button type="button" aria-pressed={shown === 'cash'} onClick={() => setMoney('cash')}>
            <RupeeIcon size={18} /> Cash (₹)
          </button>
        </div>
      )}
      {shown === 'coins' && <BalanceChart entries={coins.map((row) => row.entry)} />}
      {rows.length > 0 ? (
        <MoneyTable rows={rows} money={shown} />
      ) : (
        <p className="muted">{shown === 'coins' ? 'No coins moved in the entries loaded so far.' : 'No rupees moved in the entries loaded so far.'}</p>
      )}
      {hasMore && (
        <Button variant="secondary" block busy={loadingMore} onClick={loadMore}>
          Load more
        </Button>
      )}
    </>
  );
}
