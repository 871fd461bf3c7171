// Winners advancing through a knockout. A result fills its winner into the next match's
// side in the result's own transaction, so a match's winner advances exactly once; the side that fills
// last opens the next match for betting (events.ts fillSideItem). A correction that changes who advanced
// moves that side too, in the correction's transaction:
//   - the next match still waits for its other side (no bets possible): its side is re-filled;
//   - both its teams were known (it may have bets): it is voided, so settlement refunds every bet on it as
//     for any void, and a new match with the right teams takes its place in the bracket (the feeders and
//     the match after it point at the new one), with both in the audit trail;
//   - it has a result already: refused (409), since its winner went on with the old team;
//   - its side holds another team than this match's winner as read: another correction committed between
//     the two reads and is still settling, so this one is refused (409) as any correction during one is.
import { randomUUID } from 'node:crypto';
import type { EventOutcome } from '#shared/schemas.ts';
import { type MatchResult, standings } from '#shared/standings.ts';
import { cancellationCodes, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { auditEntries } from '#functions/catalog/event-audit.ts';
import type { Actor } from '#functions/catalog/organisers.ts';

const winnerOf = (outcome: EventOutcome) => outcome.winnerTeamId;

async function nextMatchOf(event: events.EventRecord): Promise<{ next: events.EventRecord; side: events.Side } | undefined> {
  const link = event.bracket?.next;
  if (!link) return undefined;
  const next = await events.getEvent(link.eventId, true);
  if (!next) throw new Error(`The next match ${link.eventId} of ${event.id} does not exist`);
  return { next, side: link.side };
}

/** Whether the tournament's generated matches open for bets once their teams are known. */
async function opensForBets(tournamentId: string): Promise<boolean> {
  return (await tournaments.getTournament(tournamentId))?.formatPlan?.openBetting ?? true;
}

/** The items that carry a result's winner into the next match (none for a void, a final or a league match). */
export async function advanceItems(event: events.EventRecord, outcome: EventOutcome): Promise<TransactItem[]> {
  const winner = winnerOf(outcome);
  const found = winner === undefined ? undefined : await nextMatchOf(event);
  if (!found || winner === undefined) return [];
  return [events.fillSideItem(found.next, found.side, winner, await opensForBets(event.tournamentId))];
}

export interface Readvance {
  items: TransactItem[];
  /** The corrected match's winner now goes to this match (the replacement of its next one). */
  nextEventId?: string;
  /** The next match voided and replaced: its bets are settled (refunded) like any void's. */
  voidedEventId?: string;
}

/** What a correction from `from` to `to` does to the next match (see the head of this file). */
export async function readvanceItems(event: events.EventRecord, from: EventOutcome, to: EventOutcome, actor: Actor, now: Date): Promise<Readvance> {
  const [before, after] = [winnerOf(from), winnerOf(to)];
  const found = before === after ? undefined : await nextMatchOf(event);
  if (!found) return { items: [] };
  const { next, side } = found;
  if (next.decidedAt) throw new DomainError('next-match-decided');
  // Also makes `before` the side's team below, which the void-and-replace's condition names.
  if (events.sideTeam(next, side) !== before) throw new DomainError('correction-in-progress');
  if (!events.hasBothTeams(next)) {
    if (before === undefined) return { items: [events.fillSideItem(next, side, after!, await opensForBets(event.tournamentId))] };
    return { items: [events.refillSideItem(next, side, before, after)] };
  }
  // Both teams were known, so it may have bets: void it and put a new match in its place.
  const other = events.sideTeam(next, events.otherSide(side))!;
  const sides = { [`${events.otherSide(side)}TeamId`]: other, ...(after !== undefined && { [`${side}TeamId`]: after }) };
  const replacement: events.EventRecord = {
    id: randomUUID(),
    tournamentId: next.tournamentId,
    time: next.time,
    teamIds: after === undefined ? [] : side === 'home' ? [after, other] : [other, after],
    isBetActive: after !== undefined && (await opensForBets(event.tournamentId)),
    createdAt: now.toISOString(),
    ...(next.stage && { stage: next.stage }),
    ...(next.venue && { venue: next.venue }),
    bracket: { ...next.bracket!, replaces: next.id },
    ...sides,
  };
  const feeders = next.bracket!.feeders ?? {};
  const otherFeeder = feeders[events.otherSide(side)];
  const after_ = next.bracket!.next;
  const why = `a correction of ${event.bracket?.key ?? event.id} changed who came through`;
  return {
    nextEventId: replacement.id,
    voidedEventId: next.id,
    items: [
      events.voidReplacedItem(next, side, before!, replacement.id, now.toISOString()),
      events.newEventItem(replacement),
      ...(otherFeeder ? [events.repointNextItem(otherFeeder, next.id, replacement.id)] : []),
      ...(after_ ? [events.repointFeederItem(after_.eventId, after_.side, next.id, replacement.id)] : []),
      ...(await auditEntries(actor, next.id, [{ action: 'voided', detail: `replaced by a new match: ${why}`, onceAs: 'result' }], now)),
      ...(await auditEntries(actor, replacement.id, [{ action: 'created', detail: `replaces an earlier match: ${why}`, onceAs: 'created' }], now)),
    ],
  };
}

// Groups then a knockout: once every match of a group is decided, its places go on to the knockout.

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

const resultOf = (event: events.EventRecord & { teamIds: [string, string] }, outcome: EventOutcome = events.outcomeOf(event)): MatchResult => ({
  home: event.teamIds[0],
  away: event.teamIds[1],
  winner: outcome.winnerTeamId ?? null,
});

/** The group of a group match of a groups-then-knockout tournament, with what it has decided; undefined for any other match. */
async function groupOf(event: events.EventRecord): Promise<GroupState | undefined> {
  if (event.bracket || !events.hasBothTeams(event)) return undefined;
  const plan = (await tournaments.getTournament(event.tournamentId, true))?.formatPlan;
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
    order: (results) => standings(rows, results).map((row) => row.teamId),
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
        await transactWrite([events.fillSideItem(fresh, side, order[place.place - 1], openBetting)]);
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
