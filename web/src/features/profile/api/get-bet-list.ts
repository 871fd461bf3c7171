// GET /bet/get-betlist?userId: a player's bets, newest first.
import useSWR, { type SWRResponse } from 'swr';
import type { BetHistoryItem } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { BET_LIST_PATH } from '../../../lib/wallet/refresh-balances.ts';

export const betListKey = (userId: string) => [BET_LIST_PATH, userId] as const;

export const fetchBetList = ([, userId]: ReturnType<typeof betListKey>) => apiClient.get<BetHistoryItem[]>(BET_LIST_PATH, { userId });

/** null while loading; a failure reads as no bets (spec §8: list failures show no message). */
export function useBetList(userId: string): BetHistoryItem[] | null {
  const bets: SWRResponse<BetHistoryItem[], unknown> = useSWR(betListKey(userId), fetchBetList, { shouldRetryOnError: false });
  const { data, error } = bets;
  if (error) return [];
  return data ?? null;
}
