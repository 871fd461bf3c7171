// GET /wallet/withdraw-history: the caller's withdrawal requests, newest first.
import useSWR, { type SWRResponse } from 'swr';
import type { Withdrawal } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const withdrawHistoryKey = '/wallet/withdraw-history';

export const fetchWithdrawHistory = () => apiClient.get<Withdrawal[]>(withdrawHistoryKey);

/**
 * null while loading; a failure reads as no history (spec §8). SWR re-fetches on every mount, so each
 * visit of the wallet shows fresh statuses (spec §7).
 */
export function useWithdrawHistory(): Withdrawal[] | null {
  const history: SWRResponse<Withdrawal[], unknown> = useSWR(withdrawHistoryKey, fetchWithdrawHistory, { shouldRetryOnError: false, revalidateOnMount: true });
  const { data, error } = history;
  if (error) return [];
  return data ?? null;
}
