// GET /admin/withdrawals?status=: every user's withdrawal requests in one status, newest first.
import useSWR, { type SWRResponse } from 'swr';
import type { AdminWithdrawal, WithdrawalStatus } from '#shared/api.ts';
import { ADMIN_WITHDRAWALS_LIMIT } from '#shared/constants.ts';
import { apiClient } from '../../../../lib/api-client.ts';

const path = '/admin/withdrawals';

export const withdrawalsKey = (status: WithdrawalStatus) => [path, status] as const;

/** Matches the key of every status, to revalidate all three tabs after a decision. */
export const isWithdrawalsKey = (key: unknown) => Array.isArray(key) && key[0] === path;

const fetchWithdrawals = ([, status]: ReturnType<typeof withdrawalsKey>) => apiClient.get<AdminWithdrawal[]>(path, { status });

/** Requests arrive at any time: each visit of a tab re-reads it, and an open tab checks every 30 s. */
export function useWithdrawals(status: WithdrawalStatus): SWRResponse<AdminWithdrawal[], unknown> {
  return useSWR(withdrawalsKey(status), fetchWithdrawals, { shouldRetryOnError: false, dedupingInterval: 0, refreshInterval: 30_000 });
}

/**
 * How many requests wait to be paid, for the console's Withdrawals tab (operators only: `enabled`). It shares
 * the Pending tab's cache, so paying one there updates the count; the server lists up to
 * ADMIN_WITHDRAWALS_LIMIT, so a full list reads as that many or more.
 */
export function usePendingWithdrawalCount(enabled: boolean): { count: number; atLeast: boolean } | undefined {
  const { data } = useSWR(enabled ? withdrawalsKey('pending') : null, fetchWithdrawals, { shouldRetryOnError: false, refreshInterval: 30_000 });
  return data && { count: data.length, atLeast: data.length >= ADMIN_WITHDRAWALS_LIMIT };
}
