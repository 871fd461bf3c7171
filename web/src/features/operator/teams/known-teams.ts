// The console's team list: each tournament's roster (GET /admin/tournaments/{id}/teams: every team made
// for it, on any device), the teams of its events (an operator's shared teams play there), and the
// shared teams created in this browser session that play in no event yet.
import { useMemo, useSyncExternalStore } from 'react';
import useSWR, { type SWRResponse } from 'swr';
import type { Team } from '#shared/api.ts';
import { eventListKey, fetchEventList } from '../../../lib/game/get-event-list.ts';
import { fetchTournamentList } from '../../../lib/game/get-tournament-list.ts';
import { apiClient } from '../../../lib/api-client.ts';

const knownTeamsPrefix = 'operator/teams-in-events';
/** Matches the team lists of every scope, for a refresh after a catalogue change. */
export const isKnownTeamsKey = (key: unknown) => Array.isArray(key) && key[0] === knownTeamsPrefix;

/** A tournament's roster; empty for one this user does not organise (the server answers 403). */
const fetchRoster = (tournamentId: string) => apiClient.get<Team[]>(`/admin/tournaments/${encodeURIComponent(tournamentId)}/teams`).catch((): Team[] => []);

/** The teams of each tournament in scope (all for an operator), its roster's and its events', by tournament id. */
// A plain object, not a Map: SWR compares answers with dequal/lite, to which every Map is equal to every
// other (it has no own keys), so a Map answer read again after an edit would never replace the first.
async function fetchTeamsInEvents([, scope]: readonly [string, string | undefined]): Promise<Record<string, KnownTeam[]>> {
  const all = await fetchTournamentList();
  const tournaments = scope === undefined ? all : all.filter((tournament) => scope.split(',').includes(tournament._id));
  const [eventLists, rosters] = await Promise.all([
    Promise.all(tournaments.map((tournament) => fetchEventList(eventListKey(tournament._id)))),
    Promise.all(tournaments.map((tournament) => fetchRoster(tournament._id))),
  ]);
  // A roster's team is the tournament's own: kept with it, so a removal can be undone in the same place.
  return Object.fromEntries(
    tournaments.map((tournament, i) => [tournament._id, [...eventLists[i].flatMap((event) => event.teams), ...rosters[i].map((team) => ({ ...team, tournamentId: tournament._id }))]]),
  );
}

/** A team the console lists, with the tournament whose roster it is on (none: a shared team, or one known from an event only). */
export type KnownTeam = Team & { tournamentId?: string };

/** Teams removed in this tab: a list fetched before the removal (in flight at the time) must not bring them back. */
let removedTeamIds: ReadonlySet<string> = new Set();

/** Forgets a removed team, which the session may remember and a stale list may still hold. */
export function forgetTeam(teamId: string) {
  removedTeamIds = new Set([...removedTeamIds, teamId]);
  sessionTeams = sessionTeams.filter((team) => team._id !== teamId);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(sessionTeams));
  } catch {
    // storage blocked: forgotten until the page reloads
  }
  listeners.forEach((notify) => notify());
}

const STORAGE_KEY = 'operator.sessionTeams';
const listeners = new Set<() => void>();

function readSessionTeams(): KnownTeam[] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as KnownTeam[];
  } catch {
    return [];
  }
}

let sessionTeams = readSessionTeams();

/**
 * Keeps a team the operator created or edited, so it is listed (and can be scheduled) before it plays,
 * with the tournament it was made for (none: shared by all; an edit keeps what was known).
 */
export function rememberTeam({ _id, teamName, teamRank, members }: Team, tournamentId = sessionTeams.find((team) => team._id === _id)?.tournamentId) {
  sessionTeams = [...sessionTeams.filter((team) => team._id !== _id), { _id, teamName, teamRank, members, ...(tournamentId && { tournamentId }) }];
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
export function useKnownTeams(tournamentIds?: readonly string[]): KnownTeam[] | null {
  const scope = tournamentIds?.join(',');
  // An organiser's scope only: every tournament's lists would be two requests per tournament of the campus.
  const teams: SWRResponse<Record<string, KnownTeam[]>, unknown> = useSWR([knownTeamsPrefix, scope] as const, fetchTeamsInEvents, { shouldRetryOnError: false });
  const { data: inEvents, error } = teams;
  const remembered = useSyncExternalStore(subscribe, () => sessionTeams);
  return useMemo(() => {
    if (!inEvents && !error) return null;
    const scoped = (tournamentId?: string) => scope === undefined || tournamentId === undefined || scope.split(',').includes(tournamentId);
    const inScope = Object.entries(inEvents ?? {}).filter(([id]) => scoped(id)).flatMap(([, teams]) => teams);
    // A remembered team made for another tournament is not this scope's; a shared one plays anywhere.
    const rememberedInScope = remembered.filter((team) => scoped(team.tournamentId));
    const byId = new Map<string, KnownTeam>();
    for (const team of [...rememberedInScope, ...inScope]) if (!removedTeamIds.has(team._id)) byId.set(team._id, { ...byId.get(team._id), ...team });
    return [...byId.values()].sort((a, b) => a.teamName.localeCompare(b.teamName));
  }, [inEvents, error, remembered, scope]);
}
