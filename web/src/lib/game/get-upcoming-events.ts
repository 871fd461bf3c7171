// GET /game/event-list with no tournament: the upcoming matches of every tournament, soonest first,
// a page at a time (each page continues after the last match of the one before).
import useSWRInfinite, { type SWRInfiniteResponse } from 'swr/infinite';
import type { GameEvent } from '#shared/api.ts';
import { UPCOMING_EVENTS_PAGE_SIZE } from '#shared/constants.ts';
import { upcomingEventCursor } from '#shared/cursors.ts';
import { apiClient } from '../api-client.ts';

const path = '/game/event-list';

/** The key of page `index`: the cursor after the previous page's last match; null once a page came back short. */
const pageKey = (index: number, previous: GameEvent[] | null) => {
  if (index === 0) return [path, ''] as const;
  if (!previous || previous.length < UPCOMING_EVENTS_PAGE_SIZE) return null;
  return [path, upcomingEventCursor(previous.at(-1)!)] as const;
};

const fetchPage = ([, after]: readonly [string, string]) => apiClient.get<GameEvent[]>(path, { after: after || undefined });

export interface UpcomingEvents {
  /** null while the first page loads; a failed fetch reads as no events (spec §8: no message). */
  events: GameEvent[] | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

export function useUpcomingEvents(): UpcomingEvents {
  const pages: SWRInfiniteResponse<GameEvent[], unknown> = useSWRInfinite(pageKey, fetchPage, {
    shouldRetryOnError: false,
  });
  const { data, error, size, setSize, isValidating } = pages;
  const events = error ? [] : data ? data.flat() : null;
  const last = data?.at(-1);
  return {
    events,
    hasMore: !error && last !== undefined && last.length === UPCOMING_EVENTS_PAGE_SIZE,
    loadingMore: isValidating && size > (data?.length ?? 0),
    loadMore: () => void setSize(size + 1),
  };
}
