// A person's page (/operator/users/{id}): GET /admin/users/{id} (who, wallet, prizes, withdrawals),
// and GET /admin/users/{id}/bets (its ledger: get-person-ledger.ts, with the coin history's own chunk).
import useSWR, { type SWRResponse } from 'swr';
import type { AdminPerson, BetHistoryItem } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const personPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

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
