// After a catalogue change every list showing it must re-read: the public tournament and event lists
// (the console shows those too) and the console's team list.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isEventListKey } from '../../lib/game/get-event-list.ts';
import { tournamentListKey } from '../../lib/game/get-tournament-list.ts';
import { isKnownTeamsKey } from './known-teams.ts';

export function useRefreshCatalog() {
  const { mutate } = useSWRConfig();
  return useCallback(() => Promise.all([mutate(tournamentListKey), mutate(isEventListKey), mutate(isKnownTeamsKey)]), [mutate]);
}
