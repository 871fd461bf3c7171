// GET /bet/get-bet/{id}: the receipt of one of the caller's bets.
import useSWR, { type SWRResponse } from 'swr';
import type { BetReceipt } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const betKey = (betId: string) => `/bet/get-bet/${encodeURIComponent(betId)}`;

export const fetchBet = (key: string) => apiClient.get<BetReceipt>(key);

export function useBet(betId: string | null): SWRResponse<BetReceipt, unknown> {
  return useSWR(betId ? betKey(betId) : null, fetchBet, { shouldRetryOnError: false });
}
