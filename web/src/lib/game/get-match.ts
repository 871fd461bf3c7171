// GET /game/event/{id}: one match, its teams and its tournament's title. In lib because the bet screen
// and the bet's receipt both name the match they are about.
import useSWR, { type SWRResponse } from 'swr';
import type { MatchView } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

const path = '/game/event';

export const matchKey = (eventId: string) => [path, eventId] as const;

const fetchMatch = ([, eventId]: ReturnType<typeof matchKey>) => apiClient.get<MatchView>(`${path}/${encodeURIComponent(eventId)}`);

/** The match, undefined while it loads or when it could not be read (the screens then leave it out). */
export function useMatch(eventId: string | null): MatchView | undefined {
  const match: SWRResponse<MatchView, unknown> = useSWR(eventId ? matchKey(eventId) : null, fetchMatch, { shouldRetryOnError: false });
  return match.data;
}
