// A person's page (/operator/users/{id}): GET /admin/users/{id} (who, wallet, prizes, withdrawals),
// GET /admin/users/{id}/bets, and GET /admin/users/{id}/ledger a page at a time.
import useSWR, { type SWRResponse } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { AdminPerson, BetHistoryItem, LedgerEntryView, LedgerPage } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

const personPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/** Matches every key of one person's page, to re-read it all after a prize or a decision. */
export const isPersonKey = (userId: string) => (key: unknown) => {
  const path: unknown = Array.isArray(key) ? (key as unknown[])[0] : key;
  return typeof path === 'string' && path.startsWith(personPath(userId));
};

export function usePerson(userId: string): SWRResponse<AdminPerson, unknown> {
  return useSWR(personPath(userId), (path: string) => apiClient.get<AdminPerson>(path), { shouldRetryOnError: false, revalidateOnMount: true });
}

export function usePersonBets(userId: string): SWRResponse<BetHistoryItem[], unknown> {
  return useSWR(`${personPath(userId)}/bets`, (path: string) => apiClient.get<BetHistoryItem[]>(path), { shouldRetryOnError: false, revalidateOnMount: true });
}

type LedgerKey = readonly [path: string, cursor: string | null];

export interface PersonLedger {
  /** null while the first page loads. */
  entries: LedgerEntryView[] | null;
  /** Why a page could not be read. */
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export function usePersonLedger(userId: string): PersonLedger {
  const path = `${personPath(userId)}/ledger`;
  const pageKey = (index: number, previous: LedgerPage | null): LedgerKey | null =>
    index === 0 ? [path, null] : previous?.nextCursor ? [path, previous.nextCursor] : null;
  const { data, error, size, setSize, isValidating } = useSWRInfinite<LedgerPage, unknown>(pageKey, ([url, cursor]: LedgerKey) => apiClient.get<LedgerPage>(url, cursor ? { cursor } : {}), {
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
  };
}
