// A person's coin history on their page in the console, a page of entries at a time: a chunk of its own,
// asked for as the page opens (the page stays under the first-visit budget, docs/benchmarks.md).
import type { LedgerEntryView } from '#shared/api.ts';
import { formatDateTime } from '#shared/format.ts';
import { Button } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { serverErrorMessage } from '../../../lib/error-message.ts';
import { ledgerEntryLabel } from '../../../lib/wallet/ledger-labels.ts';
import { coinsText, rupeesText } from '../money/amounts.ts';
import { usePersonLedger } from './api/get-person-ledger.ts';

const signed = (n: number, format: (n: number) => string) => `${n > 0 ? '+' : '−'}${format(Math.abs(n))}`;

function LedgerRow({ entry }: { entry: LedgerEntryView }) {
  const changes = [entry.coins !== 0 && signed(entry.coins, coinsText), entry.cash !== 0 && signed(entry.cash, rupeesText)].filter(Boolean);
  const credit = entry.coins > 0 || entry.cash > 0;
  return (
    <li className="operator-row person-ledger-row">
      <div className="operator-row-main">
        <h3 className="operator-row-title">{ledgerEntryLabel(entry.kind)}</h3>
        {entry.note && <p className="operator-row-meta">{entry.note}</p>}
        <p className="operator-row-meta">{formatDateTime(entry.createdAt)}</p>
      </div>
      <div className="person-ledger-amounts">
        <span className={credit ? 'is-credit' : 'is-debit'}>{changes.join(' · ') || '0'}</span>
        <span className="operator-row-meta">
          Balance {coinsText(entry.coinsAfter)} · {rupeesText(entry.cashAfter)}
        </span>
      </div>
    </li>
  );
}

export default function PersonLedger({ userId }: { userId: string }) {
  const { entries, error, hasMore, loadingMore, loadMore } = usePersonLedger(userId);
  if (error && !entries?.length) return <FormError message={serverErrorMessage(error, {})} />;
  if (entries === null) return <LoadingBlock label="Loading coin history" />;
  if (entries.length === 0) return <p className="muted">Nothing yet.</p>;
  return (
    <>
      <ul className="operator-list">
        {entries.map((entry) => (
          <LedgerRow key={entry._id} entry={entry} />
        ))}
      </ul>
      {hasMore && (
        <Button variant="secondary" block busy={loadingMore} onClick={loadMore}>
          Load more
        </Button>
      )}
    </>
  );
}
