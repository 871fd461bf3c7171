// Groups then a knockout: once every match of a group is decided, its places go on to the knockout. Runs
// after a group match is settled (fillFromGroup, from the settlement worker) and when a group match is
// corrected (assertGroupPlacesHold, before the correction commits). A result's own winner advancing is in
// advancing-on-result.ts.
import { type EventOutcome, tableResultOf } from '#shared/match-results.ts';
import { tablePointsOf } from '#shared/sports.ts';
import { type MatchResult, standings } from '#shared/standings.ts';
import { cancellationCodes, transactWrite } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import * as bracketLinks from '#functions/data/event-bracket-links.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { opensForBets } from './advancing-on-result.ts';

interface GroupState {
  tournamentId: string;
  group: string;
  /** Every match of the group decided. */
  complete: boolean;
  /** The group's teams in finishing order (shared/standings.ts), by the results as given. */
  order: (results: readonly MatchResult[]) => string[];
  results: MatchResult[];
  /** The knockout's matches (not replaced) waiting for this group's places. */
  waiting: events.EventRecord[];
}

const resultOf = (event: events.EventRecord & { teamIds: [string, string] }, outcome: EventOutcome = events.outcomeOf(event)): MatchResult =>
  tableResultOf(event.teamIds, outcome);

/** The group of a group match of a groups-then-knockout tournament, with what it has decided; undefined for any other match. */
async function groupOf(event: events.EventRecord): Promise<GroupState | undefined> {
  if (event.bracket || !events.hasBothTeams(event)) return undefined;
  const tournament = await tournaments.getTournament(event.tournamentId, true);
  const plan = tournament?.formatPlan;
  if (plan?.format.kind !== 'groups-knockout') return undefined;
  const group = plan.structure.groups?.find((g) => event.teamIds.every((id) => g.teamIds.includes(id)));
  if (!group) return undefined;
  const all = (await events.listTournamentEvents(event.tournamentId)).filter((e) => !e.replacedBy);
  const members = new Set(group.teamIds);
  const matches = all.filter(events.hasBothTeams).filter((e) => !e.bracket && members.has(e.teamIds[0]) && members.has(e.teamIds[1]));
  const named = await teams.getTeams(group.teamIds);
  const rows = group.teamIds.map((id) => ({ id, name: named.get(id)?.teamName ?? id }));
  return {
    tournamentId: event.tournamentId,
    group: group.name,
    // A match decided a moment ago may not be in the index yet: the one being settled counts as read.
    complete: matches.every((e) => e.decidedAt || e.id === event.id),
    order: (results) => standings(rows, results, tablePointsOf(tournament!)).map((row) => row.teamId),
    results: matches.filter((e) => e.decidedAt && e.id !== event.id).map((e) => resultOf(e)),
    waiting: all.filter((e) => Object.values(e.bracket?.groupPlaces ?? {}).some((place) => place.group === group.name)),
  };
}

/**
 * After a group match is settled: if its group is complete, fills each knockout side waiting for one of
 * its places (once: a side already filled stays). Safe to repeat, and to run for two last matches at once.
 */
export async function fillFromGroup(eventId: string): Promise<number> {
  const event = await events.getEvent(eventId, true);
  const state = event?.decidedAt ? await groupOf(event) : undefined;
  if (!event || !state?.complete) return 0;
  const order = state.order([...state.results, resultOf(event as events.EventRecord & { teamIds: [string, string] })]);
  const openBetting = await opensForBets(event.tournamentId);
  let filled = 0;
  for (const waiting of state.waiting) {
    for (const side of ['home', 'away'] as const) {
      const place = waiting.bracket?.groupPlaces?.[side];
      const fresh = await events.getEvent(waiting.id, true);
      if (!place || place.group !== state.group || !fresh || events.sideTeam(fresh, side) !== undefined || fresh.decidedAt) continue;
      try {
        await events.gatedTransaction([bracketLinks.fillSideItem(fresh, side, order[place.place - 1], openBetting)], transactWrite);
        filled++;
      } catch (error) {
        if (!cancellationCodes(error)) throw error; // filled by a twin run meanwhile
      }
    }
  }
  return filled;
}

/**
 * Refuses ('group-places-decided') a correction of a group match that would change which teams went on
 * from its group once the knockout has them; any other correction of a group match goes through.
 */
export async function assertGroupPlacesHold(event: events.EventRecord, to: EventOutcome): Promise<void> {
  const state = await groupOf(event);
  if (!state?.complete || !events.hasBothTeams(event)) return;
  const before = state.order([...state.results, resultOf(event)]);
  const after = state.order([...state.results, resultOf(event, to)]);
  for (const waiting of state.waiting) {
    for (const side of ['home', 'away'] as const) {
      const place = waiting.bracket?.groupPlaces?.[side];
      if (!place || place.group !== state.group || events.sideTeam(waiting, side) === undefined) continue;
      if (before[place.place - 1] !== after[place.place - 1]) throw new DomainError('group-places-decided');
    }
  }
}
