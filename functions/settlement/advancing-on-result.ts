// Winners advancing through a knockout, when a result is recorded or corrected. A result fills its winner
// into the next match's side in the result's own transaction, so a match's winner advances exactly once;
// the side that fills last opens the next match for betting (data/event-bracket-links.ts fillSideItem). A
// correction that changes who advanced moves that side too, in the correction's transaction:
//   - the next match still waits for its other side (no bets possible): its side is re-filled;
//   - both its teams were known (it may have bets): it is voided, so settlement refunds every bet on it as
//     for any void, and a new match with the right teams takes its place in the bracket (the feeders and
//     the match after it point at the new one), with both in the audit trail;
//   - it has a result already: refused (409), since its winner went on with the old team;
//   - its side holds another team than this match's winner as read: another correction committed between
//     the two reads and is still settling, so this one is refused (409) as any correction during one is.
// A group's places going on to the knockout (groups then knockout) are in group-places.ts.
import { randomUUID } from 'node:crypto';
import type { EventOutcome } from '#shared/schemas.ts';
import type { TransactItem } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import * as bracketLinks from '#functions/data/event-bracket-links.ts';
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

/** Whether the tournament's generated matches open for bets once their teams are known (also used by group-places.ts). */
export async function opensForBets(tournamentId: string): Promise<boolean> {
  return (await tournaments.getTournament(tournamentId))?.formatPlan?.openBetting ?? true;
}

/** The items that carry a result's winner into the next match (none for a void, a final or a league match). */
export async function advanceItems(event: events.EventRecord, outcome: EventOutcome): Promise<TransactItem[]> {
  const winner = winnerOf(outcome);
  const found = winner === undefined ? undefined : await nextMatchOf(event);
  if (!found || winner === undefined) return [];
  return [bracketLinks.fillSideItem(found.next, found.side, winner, await opensForBets(event.tournamentId))];
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
    if (before === undefined) return { items: [bracketLinks.fillSideItem(next, side, after!, await opensForBets(event.tournamentId))] };
    return { items: [bracketLinks.refillSideItem(next, side, before, after)] };
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
      bracketLinks.voidReplacedItem(next, side, before!, replacement.id, now.toISOString()),
      events.newEventItem(replacement),
      ...(otherFeeder ? [bracketLinks.repointNextItem(otherFeeder, next.id, replacement.id)] : []),
      ...(after_ ? [bracketLinks.repointFeederItem(after_.eventId, after_.side, next.id, replacement.id)] : []),
      ...(await auditEntries(actor, next.id, [{ action: 'voided', detail: `replaced by a new match: ${why}`, onceAs: 'result' }], now)),
      ...(await auditEntries(actor, replacement.id, [{ action: 'created', detail: `replaces an earlier match: ${why}`, onceAs: 'created' }], now)),
    ],
  };
}
