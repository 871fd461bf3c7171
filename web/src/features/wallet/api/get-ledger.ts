// GET /wallet/ledger?cursor=&limit=: the caller's coin history, newest first, a page at a time.
import { useEffect, useRef } from 'react';
import { useWallet } from '../../../lib/wallet/get-wallet.ts';
import { type LedgerPages, useLedgerPages } from '../../../lib/wallet/ledger-pages.ts';

const LEDGER_PATH = '/wallet/ledger';

/**
 * Re-reads every loaded page once the wallet's balances change while the history shows (the daily coins
 * claimed, a bet settled): the table and its chart then end where the balances above them do. A global
 * mutate cannot do it: it skips an infinite list's cached pages (SWR refetches them only for its own mutate).
 */
function useFollowBalances(revalidate: () => unknown) {
  const { data: wallet } = useWallet();
  const balances = wallet && `${wallet.totalCoins}/${wallet.totalCash}`;
  const seen = useRef(balances);
  useEffect(() => {
    if (balances === undefined || balances === seen.current) return;
    const first = seen.current === undefined;
    seen.current = balances;
    // The first answer came with the page's own first read of the history.
    if (!first) void revalidate();
  }, [balances, revalidate]);
}

/** The caller's coin history, following the wallet's balances. */
export function useCoinHistory(): LedgerPages {
  const pages = useLedgerPages(LEDGER_PATH);
  useFollowBalances(pages.revalidate);
  return pages;
}
