// Fixing a match: its teams, time and venue change until its first bet; after that only its
// time, its betting switch and a void (settlement/results.ts); a match nobody bet on can be deleted.
// Whether anyone bet is read from the event's bets indexes (bets.eventHasBets), never from an item every
// bet writes (the hot-event rule). The indexes lag a little, so:
//  - a change of teams moves the betting version (a bet in flight across it is refunded by the close
//    protocol) and records it as the lineup's version, and settlement refunds any bet placed before it
//    (betting-rules.ts isOffLineup): a bet the look at the index missed is never won or lost;
//  - a deletion first closes betting (no bet is accepted from then on), looks again once the index has
//    caught up, and deletes only if nothing reopened or changed the match meanwhile.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdminEvent, AdminEventDetail } from '#shared/api.ts';
import type { UpdateEventInput } from '#shared/schemas.ts';
import { conditionFailedAt, type TransactItem } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import { describeReplacement } from '#functions/betting/match-descriptions.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { isEventFinished } from '#functions/betting/betting-rules.ts';
import { adminEvent } from './edits.ts';
import { type AuditedAction, auditEntries } from './event-audit.ts';
import { type Actor, authoriseEvent, authoriseTournament, mayUseSharedTeams } from './organisers.ts';

/** The event, once the actor may see and change it (a trusted in-process caller, none: any). */
async function eventFor(id: string, actor?: Actor): Promise<events.EventRecord> {
  const event = actor ? await authoriseEvent(actor, id) : await events.getEvent(id, true);
  if (!event) throw new DomainError('event-not-found');
  return event;
}

/** The event, if it may still be changed: a decided one keeps its teams, time and venue (409). */
async function undecidedEvent(id: string, actor?: Actor): Promise<events.EventRecord> {
  const event = await eventFor(id, actor);
  if (isEventFinished(event)) throw new DomainError('event-decided');
  return event;
}

/** Why a change's conditional write was refused, read again: the match is gone, decided, or changed meanwhile. */
async function refusal(id: string): Promise<never> {
  const now = await events.getEvent(id, true);
  if (!now) throw new DomainError('event-not-found');
  if (isEventFinished(now)) throw new DomainError('event-decided');
  throw new DomainError('event-changed');
}

/** GET /admin/events/{id}: the match, and whether anyone has bet on it (then its teams stay as they are). */
export async function eventDetail(id: string, actor?: Actor): Promise<AdminEventDetail> {
  const event = await eventFor(id, actor);
  return { ...adminEvent(event), hasBets: await bets.eventHasBets(id) };
}

/**
 * GET /admin/tournaments/{id}/events: every match of the tournament as its organisers fix it, soonest
 * first, the knockout matches still waiting for their teams included (the public list leaves those out),
 * each with what its empty sides wait for and the names of the teams already through. A match replaced by
 * a correction stays, with its teams' names and the match played in its place: its organisers see what
 * the correction changed. An unknown tournament: 403 for an organiser (who learns nothing of what
 * exists), 404 for an operator.
 */
export async function listTournamentMatches(tournamentId: string, actor?: Actor): Promise<AdminEvent[]> {
  if (actor) await authoriseTournament(actor, tournamentId);
  const [tournament, list] = await Promise.all([tournaments.getTournament(tournamentId), events.listTournamentEvents(tournamentId)]);
  if (!tournament) throw new DomainError('tournament-not-found');
  const replaced = list.flatMap(({ id, replacedBy, teamIds }) => (replacedBy ? [{ id, replacedBy, teamIds }] : []));
  const waiting = list.filter((event) => !event.replacedBy && !events.hasBothTeams(event));
  const sideTeamIds = [...waiting.flatMap((event) => [event.homeTeamId, event.awayTeamId]), ...replaced.flatMap((event) => event.teamIds)];
  const named = await teams.getTeams(sideTeamIds.filter((id) => id !== undefined));
  const replacements = new Map(await Promise.all(replaced.map(async ({ id, replacedBy }) => [id, await describeReplacement(replacedBy)] as const)));
  return list.map((event) => {
    const replacedBy = replacements.get(event.id);
    const sides = events.hasBothTeams(event) && !event.replacedBy ? undefined : knownSides(event, named);
    return { ...adminEvent(event), ...(sides && { knownSides: sides }), ...(replacedBy && { replacedBy }) };
  });
}

/** The names of the teams already through to a waiting match's sides (none: undefined). */
function knownSides(event: events.EventRecord, named: Map<string, teams.TeamRecord>): AdminEvent['knownSides'] {
  const nameOf = (teamId: string | undefined) => (teamId === undefined ? undefined : named.get(teamId)?.teamName);
  const [home, away] = [nameOf(event.homeTeamId), nameOf(event.awayTeamId)];
  return home === undefined && away === undefined ? undefined : { ...(home !== undefined && { home }), ...(away !== undefined && { away }) };
}

const teamNames = (teamIds: readonly string[], named: Map<string, teams.TeamRecord>) => teamIds.map((id) => named.get(id)?.teamName ?? id).join(' vs ');

/** The match-count items of a change of teams: each joining team counts the match (if it is the tournament's), each leaving one stops. */
function lineupItems(event: events.EventRecord, joining: string[], leaving: string[], named: Map<string, teams.TeamRecord>, orShared: boolean): TransactItem[] {
  return [
    ...joining.map((teamId) => teams.useInEventItem(teamId, event.tournamentId, orShared)),
    // A team older than the count has none to lower (its removal checks the tournament's events instead).
    ...leaving.filter((teamId) => (named.get(teamId)?.matchCount ?? 0) > 0).map(teams.leaveEventItem),
  ];
}

/** Refuses a team that is not there (404) or not the tournament's (400; an operator's shared team is fine for an operator). */
function assertTeamsOf(event: events.EventRecord, teamIds: readonly string[], named: Map<string, teams.TeamRecord>, orShared: boolean): void {
  for (const teamId of teamIds) {
    const team = named.get(teamId);
    if (!team) throw new DomainError('team-not-found');
    if (team.tournamentId !== event.tournamentId && !(orShared && team.tournamentId === undefined)) throw new DomainError('team-not-in-tournament');
  }
}

/**
 * PATCH /admin/events/{id}: pauses, reopens, re-times, gives other teams to or sets the venue of an
 * undecided match, with its audit entries in the same transaction. New teams (two of its tournament's)
 * only while nobody has bet on it: they count the match and the replaced ones stop, in that transaction,
 * conditional on the match being as read. Home and away swapped is no change of teams.
 */
export async function updateEvent(id: string, patch: UpdateEventInput, actor?: Actor): Promise<AdminEvent> {
  const event = await undecidedEvent(id, actor);
  const orShared = mayUseSharedTeams(actor);
  const current: readonly string[] = event.teamIds;
  const newTeams = patch.teamIds && (patch.teamIds[0] !== current[0] || patch.teamIds[1] !== current[1]) ? patch.teamIds : undefined;
  const joining = newTeams?.filter((teamId) => !current.includes(teamId)) ?? [];
  const leaving = newTeams ? current.filter((teamId) => !newTeams.includes(teamId)) : [];
  const lineupChanged = joining.length > 0;
  let named = new Map<string, teams.TeamRecord>();
  if (newTeams) {
    if (event.bracket) throw new DomainError('event-in-bracket');
    named = await teams.getTeams([...newTeams, ...leaving]);
    assertTeamsOf(event, joining, named, orShared);
    if (lineupChanged && (await bets.eventHasBets(id))) throw new DomainError('event-teams-have-bets');
  }
  const venue = patch.venue !== undefined && patch.venue !== (event.venue ?? '') ? patch.venue : undefined;
  const fields: events.EventEdit = {
    isBetActive: patch.isBetActive,
    time: patch.time,
    ...(newTeams && { teamIds: newTeams }),
    // The version this edit moves betting to: a bet placed at an earlier one backed other teams.
    ...(lineupChanged && { lineupVersion: events.bettingVersionOf(event) + 1 }),
    ...(venue !== undefined && { venue }),
  };
  const edits: AuditedAction[] = [
    ...(patch.isBetActive === undefined ? [] : [{ action: patch.isBetActive ? ('reopened' as const) : ('paused' as const) }]),
    ...(patch.time === undefined ? [] : [{ action: 're-timed' as const, detail: `starts ${patch.time}` }]),
    ...(newTeams ? [{ action: 'teams-changed' as const, detail: teamNames(newTeams, named) }] : []),
    ...(venue === undefined ? [] : [{ action: 'venue-set' as const, detail: venue || 'none' }]),
  ];
  const counts = newTeams ? lineupItems(event, joining, leaving, named, orShared) : [];
  const audit = actor ? await auditEntries(actor, id, edits) : [];
  let updated: events.EventRecord | undefined;
  try {
    updated = await events.updateEvent(id, fields, [...counts, ...audit], newTeams ? events.bettingVersionOf(event) : undefined);
  } catch (error) {
    // A joining team removed meanwhile (its count's condition, right after the event's update).
    if (joining.some((_, i) => conditionFailedAt(error, i + 1))) throw new DomainError('team-not-found');
    throw error;
  }
  return adminEvent(updated ?? (await refusal(id)));
}

/**
 * DELETE /admin/events/{id}: removes an undecided match nobody has bet on (409 otherwise: void it
 * instead), its teams' counts and its 'deleted' audit entry in one transaction. Betting closes first, and
 * the bets are looked for again once the index has caught up with any bet accepted before the close; a
 * bet found then reopens the match as it was and refuses the deletion.
 */
export async function deleteEvent(id: string, actor?: Actor): Promise<void> {
  const event = await undecidedEvent(id, actor);
  if (event.bracket) throw new DomainError('event-in-bracket');
  if (await bets.eventHasBets(id)) throw new DomainError('event-has-bets');
  const closed = (await events.updateEvent(id, { isBetActive: false }, [], events.bettingVersionOf(event))) ?? (await refusal(id));
  await sleep(bets.BET_INDEX_LAG_MS);
  if (await bets.eventHasBets(id)) {
    if (event.isBetActive) await events.updateEvent(id, { isBetActive: true }, [], events.bettingVersionOf(closed));
    throw new DomainError('event-has-bets');
  }
  const named = await teams.getTeams([...event.teamIds]);
  const audit = actor ? await auditEntries(actor, id, [{ action: 'deleted', detail: `${teamNames(event.teamIds, named)}, starts ${event.time}` }]) : [];
  const counts = lineupItems(event, [], [...event.teamIds], named, false);
  if (!(await events.deleteEvent(id, events.bettingVersionOf(closed), [...counts, ...audit]))) await refusal(id);
}
