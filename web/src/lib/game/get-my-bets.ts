// GET /bet/my-bets: the signed-in bettor's own bets, shown on the event cards. A per-user call, so the
// event list itself stays public and the same for everyone.
import { useMemo } from 'react';
import useSWR from 'swr';
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
