// New events written in bulk (pasted fixtures, a published format): in transactions of at most 100 items,
// the tournament's check, each event with its 'created' audit entry, and one count a team. A team plays
// several of them, and one item may appear only once in a transaction, so its count goes up by its number
// of new matches.
import { eventAuditItem } from '#functions/data/event-audit.ts';
import * as events from '#functions/data/events.ts';
import * as teams from '#functions/data/teams.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { conditionFailedAt, MAX_TRANSACT_ITEMS, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';
import { DomainError } from '#functions/platform/errors.ts';

export interface NewEventsWrite {
  tournamentId: string;
  /** Who the audit entries name; none for an operator's tool without an actor. */
  who: { actorId: string; actorName: string } | undefined;
  /** The 'created' audit entry's detail of an event. */
  detail: (event: events.EventRecord) => string;
  /** The refusal when a team was removed since the caller's checks (no match used it then). */
  teamGone: (teamId: string, chunk: readonly events.EventRecord[]) => DomainError;
}

/** Every team an event counts a match for: its two sides, or a knockout match's sides known so far. */
const teamsOf = (event: events.EventRecord) => [...new Set([...event.teamIds, event.homeTeamId, event.awayTeamId].filter((id) => id !== undefined))];

/** `list` cut into chunks that each fit one transaction. */
export function newEventChunks(list: readonly events.EventRecord[]): events.EventRecord[][] {
  const all: events.EventRecord[][] = [];
  let current: events.EventRecord[] = [];
  let teamsInCurrent = new Set<string>();
  for (const event of list) {
    const withIt = new Set([...teamsInCurrent, ...teamsOf(event)]);
    if (current.length > 0 && 1 + 2 * (current.length + 1) + withIt.size > MAX_TRANSACT_ITEMS) {
      all.push(current);
      current = [];
      teamsInCurrent = new Set(teamsOf(event));
    } else teamsInCurrent = withIt;
    current.push(event);
  }
  return current.length > 0 ? [...all, current] : all;
}

/** One chunk in one transaction; every event conditional on not existing yet (a twin request's fails it). */
export async function writeNewEvents(chunk: readonly events.EventRecord[], write: NewEventsWrite): Promise<void> {
  const matchesOf = new Map<string, number>();
  for (const event of chunk) for (const id of teamsOf(event)) matchesOf.set(id, (matchesOf.get(id) ?? 0) + 1);
  const teamIds = [...matchesOf.keys()];
  const items: TransactItem[] = [
    tournaments.tournamentExistsCheck(write.tournamentId),
    ...teamIds.map((id) => teams.useInEventItem(id, write.tournamentId, false, matchesOf.get(id))),
    ...chunk.flatMap((event) => [
      events.newEventItem(event),
      ...(write.who ? [eventAuditItem({ eventId: event.id, action: 'created', ...write.who, at: event.createdAt, detail: write.detail(event) }, 'created')] : []),
    ]),
  ];
  try {
    await events.gatedTransaction(items, transactWrite);
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new DomainError('tournament-not-found');
    const gone = teamIds.findIndex((_, index) => conditionFailedAt(error, 1 + index));
    if (gone >= 0) throw write.teamGone(teamIds[gone], chunk);
    throw error;
  }
}
