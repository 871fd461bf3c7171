// GET /wallet/ledger?cursor=&limit=: the caller's coin history, newest first, a page at a time.
import { useEffect, useRef } from 'react';
import useSWRInfinite, { type SWRInfiniteResponse } from 'swr/infinite';
import type { LedgerEntryView, LedgerPage } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useWallet } from '../../../lib/wallet/get-wallet.ts';

export const LEDGER_PATH = '/wallet/ledger';

type LedgerKey = readonly [path: string, cursor: string | null];

/** The first page has no cursor; each next one continues behind the previous page, until it says there is none. */
const pageKey = (index: number, previous: LedgerPage | null): LedgerKey | null =>
  index === 0 ? [LEDGER_PATH, null] : previous?.nextCursor ? [LEDGER_PATH, previous.nextCursor] : null;

const fetchPage = ([path, cursor]: LedgerKey) => apiClient.get<LedgerPage>(path, cursor ? { cursor } : {});

export interface CoinHistory {
  /** null while the first page loads. */
  entries: LedgerEntryView[] | null;
  hasMore: boolean;
  loadingMore: boolean;
  failed: boolean;
  loadMore: () => void;
}

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

/** Fresh on every visit of the wallet (balances change with bets and settlement elsewhere). */
export function useCoinHistory(): CoinHistory {
  const pages: SWRInfiniteResponse<LedgerPage, unknown> = useSWRInfinite(pageKey, fetchPage, { shouldRetryOnError: false, revalidateOnMount: true, revalidateFirstPage: false });
  const { data, error, size, setSize, isValidating } = pages;
  useFollowBalances(pages.mutate);
  const loadingMore = isValidating && size > (data?.length ?? 0);
  return {
    entries: data ? data.flatMap((page) => page.entries) : error ? [] : null,
    hasMore: Boolean(data?.at(-1)?.nextCursor),
    loadingMore,
    failed: Boolean(error),
    loadMore: () => void setSize(size + 1),
  };
}
