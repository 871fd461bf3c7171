// GET /bet/my-bets: the signed-in bettor's own bets, shown on the event cards. A per-user call, so the
// event list itself stays public and the same for everyone.
import { useMemo } from 'react';
import useSWR, { type SWRResponse } from 'swr';
import type { CardBet } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

export const myBetsKey = '/bet/my-bets';

const fetchMyBets = () => apiClient.get<CardBet[]>(myBetsKey);

/**
 * The caller's bet on each event, by event id; empty when signed out (nothing is asked). One hook for a
 * page of cards, each given its own bet.
 */
export function useMyBets(signedIn: boolean): Map<string, CardBet> {
  const { data } = useSWR(signedIn ? myBetsKey : null, fetchMyBets, { shouldRetryOnError: false });
  return useMemo(() => new Map((data ?? []).map((bet) => [bet.eventId, bet])), [data]);
}

/**
 * The signed-in bettor's bet on one match (the bet screen shows it instead of a second form): undefined
 * while the list loads, null when there is none (or the list could not be read: the server still refuses a second bet).
 */
export function useMyBet(eventId: string): CardBet | null | undefined {
  const bets: SWRResponse<CardBet[], unknown> = useSWR(myBetsKey, fetchMyBets, { shouldRetryOnError: false });
  const { data, error } = bets;
  if (error) return null;
  return data && (data.find((bet) => bet.eventId === eventId) ?? null);
}
