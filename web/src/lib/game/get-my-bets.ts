// GET /bet/my-bets: the signed-in bettor's own bets, shown on the event cards. A per-user call, so the
// event list itself stays public and the same for everyone.
import useSWR from 'swr';
import type { CardBet } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

export const myBetsKey = '/bet/my-bets';

const fetchMyBets = () => apiClient.get<CardBet[]>(myBetsKey);

/** The caller's bet on each event, by event id; empty when signed out (nothing is asked). */
export function useMyBets(signedIn: boolean): Map<string, CardBet> {
  const { data } = useSWR(signedIn ? myBetsKey : null, fetchMyBets, { shouldRetryOnError: false });
  return new Map((data ?? []).map((bet) => [bet.eventId, bet]));
}
