// A coin history read a page at a time, newest first (GET /wallet/ledger: the caller's own; GET
// /admin/users/{id}/ledger: a person's, for the operator). The first page has no cursor; each next one
// continues behind the previous page, until it says there is none.
import useSWRInfinite from 'swr/infinite';
import type { LedgerEntryView, LedgerPage } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

type LedgerKey = readonly [path: string, cursor: string | null];

const fetchPage = ([path, cursor]: LedgerKey) => apiClient.get<LedgerPage>(path, cursor ? { cursor } : {});

export interface LedgerPages {
  /** null while the first page loads; empty when it could not be read. */
  entries: LedgerEntryView[] | null;
  /** Why a page could not be read. */
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Reads every loaded page again (a global mutate skips an infinite list's cached pages). */
  revalidate: () => Promise<unknown>;
}

/** Fresh on every visit (balances change with bets and settlement elsewhere). */
export function useLedgerPages(path: string): LedgerPages {
  const pageKey = (index: number, previous: LedgerPage | null): LedgerKey | null =>
    index === 0 ? [path, null] : previous?.nextCursor ? [path, previous.nextCursor] : null;
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<LedgerPage, unknown>(pageKey, fetchPage, {
    shouldRetryOnError: false,
    revalidateOnMount: true,
    revalidateFirstPage: false,
  });
  return {
    entries: data ? data.flatMap((page) => page.entries) : error ? [] : null,
    error,
    hasMore: Boolean(data?.at(-1)?.nextCursor),
    loadingMore: isValidating && size > (data?.length ?? 0),
    loadMore: () => void setSize(size + 1),
    revalidate: mutate,
  };
}
