// GET /bet/get-betlist?userId: a player's bets, newest first.
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client.ts';

export interface BetHistoryEntry {
  _id: string;
  createdAt: string;
  teamName: string;
  amount: number;
  /** undefined while the event is undecided */
  isWin?: boolean;
  isOver: boolean;
  betWay: 'coin' | 'cash';
}

const path = '/bet/get-betlist';

export const betListKey = (userId: string) => [path, userId] as const;

export const fetchBetList = ([, userId]: ReturnType<typeof betListKey>) => apiClient.get<BetHistoryEntry[]>(path, { userId });

/** null while loading; a failure (the endpoint may not exist yet) reads as no bets. */
export function useBetList(userId: string): BetHistoryEntry[] | null {
  const { data, error } = useSWR(betListKey(userId), fetchBetList, { shouldRetryOnError: false });
  if (error) return [];
  return data ?? null;
}
