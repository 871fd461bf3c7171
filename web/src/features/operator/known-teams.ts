// The console's team list. The API has no list of teams, so it is gathered from the events of every
// tournament (an organiser's: of their tournaments), plus the teams created in this browser session that
// play in no event yet.
import { useMemo, useSyncExternalStore } from 'react';
import useSWR, { type SWRResponse } from 'swr';
import type { Team } from '#shared/api.ts';
import { eventListKey, fetchEventList } from '../../lib/game/get-event-list.ts';
import { fetchTournamentList } from '../../lib/game/get-tournament-list.ts';

export const knownTeamsKey = 'operator/teams-in-events';

/** The teams of each tournament's events, by tournament id. */
async function fetchTeamsInEvents(): Promise<Map<string, Team[]>> {
  const tournaments = await fetchTournamentList();
  const eventLists = await Promise.all(tournaments.map((tournament) => fetchEventList(eventListKey(tournament._id))));
  return new Map(tournaments.map((tournament, i) => [tournament._id, eventLists[i].flatMap((event) => event.teams)]));
}

const STORAGE_KEY = 'operator.sessionTeams';
const listeners = new Set<() => void>();

function readSessionTeams(): Team[] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Team[];
  } catch {
    return [];
  }
}

let sessionTeams = readSessionTeams();

/** Keeps a team the operator created or edited, so it is listed (and can be scheduled) before it plays. */
export function rememberTeam({ _id, teamName, teamRank, members }: Team) {
  sessionTeams = [...sessionTeams.filter((team) => team._id !== _id), { _id, teamName, teamRank, members }];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(sessionTeams));
  } catch {
    // storage blocked: remembered until the page reloads
  }
  listeners.forEach((notify) => notify());
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/**
 * Every known team once (the server's details win over the remembered ones), by name; null while loading.
 * `tournamentIds`: only the teams playing in those tournaments (an organiser's), besides the remembered.
 */
export function useKnownTeams(tournamentIds?: readonly string[]): Team[] | null {
  const teams: SWRResponse<Map<string, Team[]>, unknown> = useSWR(knownTeamsKey, fetchTeamsInEvents, { shouldRetryOnError: false });
  const { data: inEvents, error } = teams;
  const remembered = useSyncExternalStore(subscribe, () => sessionTeams);
  const scope = tournamentIds?.join(',');
  return useMemo(() => {
    if (!inEvents && !error) return null;
    const inScope = [...(inEvents ?? new Map<string, Team[]>())].filter(([id]) => scope === undefined || scope.split(',').includes(id)).flatMap(([, teams]) => teams);
    const byId = new Map<string, Team>();
    for (const team of [...remembered, ...inScope]) byId.set(team._id, team);
    return [...byId.values()].sort((a, b) => a.teamName.localeCompare(b.teamName));
  }, [inEvents, error, remembered, scope]);
}
