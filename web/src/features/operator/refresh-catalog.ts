// After a catalogue change every list showing it must re-read: the public tournament and event lists
// (the console shows those too), the console's team list and its matches waiting for their teams.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isEventListKey } from '../../lib/game/get-event-list.ts';
import { tournamentListKey } from '../../lib/game/get-tournament-list.ts';
import { isKnownTeamsKey } from './teams/known-teams.ts';

/** The SWR key of a tournament's matches for its organisers (api/tournament-matches.ts), named here so the page's first chunk holds no more of that module. */
export const TOURNAMENT_MATCHES_KEY = 'operator/tournament-matches';
const isTournamentMatchesKey = (key: unknown) => Array.isArray(key) && key[0] === TOURNAMENT_MATCHES_KEY;

export function useRefreshCatalog() {
  const { mutate } = useSWRConfig();
  return useCallback(() => Promise.all([mutate(tournamentListKey), mutate(isEventListKey), mutate(isKnownTeamsKey), mutate(isTournamentMatchesKey)]), [mutate]);
}
