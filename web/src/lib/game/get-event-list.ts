// GET /game/event-list?tournamentId: a tournament's matches, soonest first. In lib because the events
// screen and the operator console both show them (and the console revalidates what bettors see).
import useSWR, { type SWRResponse } from 'swr';
import type { GameEvent } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';
import { prefetchInto } from '../prefetch.ts';

const path = '/game/event-list';

export const eventListKey = (tournamentId: string) => [path, tournamentId] as const;

/** Matches every tournament's event-list key, to revalidate them all after a change. */
export const isEventListKey = (key: unknown) => Array.isArray(key) && key[0] === path;

export const fetchEventList = ([, tournamentId]: ReturnType<typeof eventListKey>) => apiClient.get<GameEvent[]>(path, { tournamentId });

/** Starts the request ahead of the page's render, whose first render then shows its answer (lib/prefetch.ts). */
export const prefetchEventList = (tournamentId: string | null) => {
  if (tournamentId) void prefetchInto(eventListKey(tournamentId), fetchEventList).catch(() => {});
};

/** null while loading; no tournament id or a failed fetch reads as no events (spec §8: no message). */
export function useEventList(tournamentId: string | null): GameEvent[] | null {
  const list: SWRResponse<GameEvent[], unknown> = useSWR(tournamentId ? eventListKey(tournamentId) : null, fetchEventList, { shouldRetryOnError: false });
  const { data, error } = list;
  if (!tournamentId || error) return [];
  return data ?? null;
}
