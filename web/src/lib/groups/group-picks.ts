// GET /group/picks: how the viewer's groups backed the matches of a list of cards, for the matches whose
// betting has closed (the server leaves out the others). Every card of a list asks for the same ids, so
// SWR makes one request for them all and each card takes its own match's lines.
import useSWR, { type SWRResponse } from 'swr';
import type { GroupPicks } from '#shared/api.ts';
import { GROUP_PICKS_EVENTS_MAX } from '#shared/constants.ts';
import { apiClient } from '../api-client.ts';

const path = '/group/picks';

/** The ids one request asks for with `eventId`: its list's share, GROUP_PICKS_EVENTS_MAX cards at a time (a longer list makes more requests). */
export function picksRequestIds(listIds: readonly string[], eventId: string): string[] {
  const at = Math.max(listIds.indexOf(eventId), 0);
  const start = at - (at % GROUP_PICKS_EVENTS_MAX);
  const share = listIds.slice(start, start + GROUP_PICKS_EVENTS_MAX);
  return share.includes(eventId) ? share : [eventId];
}

const fetchPicks = ([, eventIds]: readonly [string, string]) => apiClient.get<GroupPicks[]>(path, { eventIds });

/**
 * The viewer's groups' picks on one match of a list (`listIds`: the list's event ids, comma-separated):
 * empty while loading or when none of their groups backed it (a failed request shows nothing either).
 * A card that mounts asks again, as when its match starts or is decided.
 */
export function useGroupPicks(listIds: string, eventId: string): GroupPicks[] {
  const eventIds = picksRequestIds(listIds.split(','), eventId).join(',');
  const picks: SWRResponse<GroupPicks[], unknown> = useSWR([path, eventIds] as const, fetchPicks, { shouldRetryOnError: false });
  return (picks.data ?? []).filter((group) => group.eventId === eventId);
}
