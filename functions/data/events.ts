// Events (matches) of a tournament: two teams, a start time, the operator's betting switch, a winner.
// The record, its keys and its edits; recording and settling an outcome are in event-outcomes.ts, a
// knockout match's sides and links in event-bracket-links.ts.
// Access patterns:
//   get an event; events of bets     -> GetItem / BatchGet  pk=EVENT#<id>  sk=EVENT
//   an event with its team (new bet) -> BatchGet with the TEAM item (eventRead)
//   a tournament's events by time    -> Query gsi1  gsi1pk=TOURNAMENT#<tournamentId>#EVENTS  gsi1sk=<time>#<id>
//   create                           -> Put EVENT attribute_not_exists, with ConditionChecks that its
//                                       tournament and teams exist, in one TransactWrite
//   edit (switch, time, teams, venue)-> Update EVENT attribute_exists and undecided (gsi1sk follows the time), in one
//                                       TransactWrite with its audit entries (event-audit.ts); new teams with their
//                                       match counts, conditional on the betting version read, and set lineupVersion
//   delete (no bets)                 -> Delete EVENT if undecided, closed and at the version its closing set, with
//                                       its teams' match counts and its audit entry in one TransactWrite
//   still taking bets? (new bet)     -> never read by a bet: it checks one of the event's betting gates
//                                       (betting-gates.ts) in its transaction, so bets share no EVENT lock
//   every close or reopen            -> ADD bettingVersion 1 in the same Update (pause, reopen, time, outcome),
//                                       between the closing of its gates and their following of it
//                                       (changingBetting; a transaction composed elsewhere: gatedTransaction)
//   live score (match being played)  -> Update EVENT SET liveScore if undecided with both teams and the switch as read;
//                                       the first, while open, also closes betting at the version read
//   postpone                         -> the edit above, SET time and postponedFrom (the first time it had)
//   a referee's result (provisional) -> the live score's Update, also SET provisional (condition: none waits, or
//                                       one not disputed); disputed: Update SET provisional.disputed if still the one sent
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventOutcome, Score } from '#shared/match-results.ts';
import { isEventFinished } from '#shared/match-bets.ts';
import * as gates from './betting-gates.ts';
import type { GateState } from './betting-gates.ts';
import {
  batchGetAll,
  conditionFailedAt,
  db,
  isConditionFailed,
  type Item,
  type ItemRead,
  queryAll,
  recordOf,
  retryLostRacesWhileTimeLeft,
  tableName,
  type TransactItem,
  transactWrite,
} from '#functions/platform/dynamodb.ts';

export interface EventRecord {
  id: string;
  tournamentId: string;
  /** ISO 8601, UTC */
  time: string;
  /** Home, then away; [] while a knockout match waits for both its teams (homeTeamId, awayTeamId). */
  teamIds: [string, string] | [];
  isBetActive: boolean;
  /**
   * Moves on every change that opens or closes betting (pause, reopen, a new start time, the outcome):
   * a bet is accepted only if the event is open with the same version before and after its commit.
   * Absent on events written before it existed (read as 0).
   */
  bettingVersion?: number;
  winnerTeamId?: string;
  /** Voided by the operator: no winner, every stake refunded. */
  isVoid?: boolean;
  /** Drawn (a league or group match of a sport with draws): no winner, every stake returned. */
  isDraw?: boolean;
  /** The winner's by walkover: the other side did not turn up, so it was not played and its stakes are returned. */
  walkover?: boolean;
  /** A void because the match was abandoned (started, not finished). */
  abandoned?: boolean;
  /** The result's score, home first (shared/match-results.ts). */
  score?: Score;
  /** How a level knockout match was settled ('5–4 on penalties'), as the organiser wrote it. */
  resultNote?: string;
  /** The score while it is played, until the result; the first one closed betting (the match had started). */
  liveScore?: Score;
  liveScoreAt?: string;
  /** When the tap that made the live score was made (ms): a late or replayed tap never undoes a newer one. */
  liveScoreTakenAt?: number;
  /** A referee's result, waiting to be confirmed (settlement/provisional-results.ts). */
  provisional?: ProvisionalRecord;
  /** Postponed: the start time it had first (its bets stand). */
  postponedFrom?: string;
  /** When the outcome (winner or void) was recorded. */
  decidedAt?: string;
  /** The winning team's trophy was counted (settlement, exactly once). */
  teamTrophyAwarded?: boolean;
  /** Every bet is settled. */
  settledAt?: string;
  /**
   * Accepted bets per team id, counted when the result first settled (before any bet was settled): the
   * split the underdog bonus is judged by (shared/underdog.ts), by that settlement, its retries and every
   * correction. Absent on an event settled before the bonus existed: none of its bets has a bonus.
   */
  backersAtResult?: Record<string, number>;
  /** How many times the outcome was corrected (absent: never); the current outcome's generation. */
  correction?: number;
  /** The corrections, oldest first. */
  corrections?: CorrectionRecord[];
  /** The generation every bet is settled by (absent: 0): equal to `correction` once a correction is done. */
  settledGeneration?: number;
  createdAt: string;
  /** Where it is played, as the organiser wrote it (bulk entry, a generated calendar): plain text. */
  venue?: string;
  /** Its place in a generated format: 'Matchday 3', 'Group A · Matchday 1', 'Semi-finals' (catalog/engine/formats.ts). */
  stage?: string;
  /** A knockout match: its bracket key (`R2-M1`), the sides known so far, and where its winner goes. */
  bracket?: BracketPlace;
  /** A knockout match's sides known so far (top-level, so a result can set one without a map to hold it). */
  homeTeamId?: string;
  awayTeamId?: string;
  /** Voided because a correction changed who came through to it: the match that took its place. */
  replacedBy?: string;
  /**
   * The betting version its teams were last changed at (absent: never): a bet placed before (its
   * eventVersion lower) was on other teams, and settlement refunds it whatever the outcome.
   */
  lineupVersion?: number;
}

export type Side = 'home' | 'away';

/** A result a referee sent through a scorer link (catalog/scorer-links.ts). */
export interface ProvisionalRecord {
  outcome: EventOutcome;
  /** 'Scorer link: Court 2', as the audit trail names who sent it. */
  by: string;
  linkId: string;
  at: string;
  confirmsAt: string;
  disputed?: boolean;
}

/**
 * A knockout match's place in its bracket. Until both sides are known its teamIds is [] (no bet can name
 * a team of it) and it is closed; the side that fills last sets teamIds and opens it
 * (event-bracket-links.ts fillSideItem).
 */
export interface BracketPlace {
  key: string;
  /** What each unknown side waits for, as students read it ('Winner of R1-M2', 'Group A winner'). */
  awaiting?: Partial<Record<Side, string>>;
  /** The match each unknown side waits for the winner of (absent for a group place). */
  feeders?: Partial<Record<Side, string>>;
  /** The group place each unknown side waits for (groups then knockout): filled once the group is complete. */
  groupPlaces?: Partial<Record<Side, { group: string; place: number }>>;
  next?: { eventId: string; side: Side };
  /** The match this one replaced when a correction changed who came through to it (its bets refunded). */
  replaces?: string;
}

/** Whether the team plays in the event. */
export const playsIn = (event: Pick<EventRecord, 'teamIds'>, teamId: string) => (event.teamIds as readonly string[]).includes(teamId);

/** What each still-empty side of a knockout match waits for ('Winner of R1-M2'). */
export const awaitingSides = (event: Pick<EventRecord, 'bracket' | 'homeTeamId' | 'awayTeamId'>): Partial<Record<Side, string>> =>
  Object.fromEntries(Object.entries(event.bracket?.awaiting ?? {}).filter(([side]) => sideTeam(event, side as Side) === undefined));

/** The team on a side of a knockout match, once known. */
export const sideTeam = (event: Pick<EventRecord, 'homeTeamId' | 'awayTeamId'>, side: Side) => (side === 'home' ? event.homeTeamId : event.awayTeamId);
/** The attribute holding a side's team (event-bracket-links.ts). */
export const sideAttribute = (side: Side) => `${side}TeamId`;

export const otherSide = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** Whether both teams are known (a knockout match waiting for a winner has none yet). */
export const hasBothTeams = <E extends Pick<EventRecord, 'teamIds'>>(event: E): event is E & { teamIds: [string, string] } => event.teamIds.length === 2;

/** One correction of the outcome: from what, to what, when and by whom. */
export interface CorrectionRecord {
  generation: number;
  from: EventOutcome;
  to: EventOutcome;
  at: string;
  byUserId: string;
}

/** The current outcome's generation: 0 for the first result, n after the n-th correction. */
export const correctionOf = (event: Pick<EventRecord, 'correction'>) => event.correction ?? 0;
/** Whether every bet is settled by the current outcome (no settlement or correction still running). */
export const isFullySettled = (event: Pick<EventRecord, 'settledAt' | 'correction' | 'settledGeneration'>) =>
  event.settledAt !== undefined && (event.settledGeneration ?? 0) === correctionOf(event);

export const eventKey = (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' });
const byTime = (time: string, id: string) => ({ gsi1sk: `${time}#${id}` });

const toRecord = (item: Item) => recordOf<EventRecord>(item);

export function newEventItem(event: EventRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...eventKey(event.id),
        entity: 'event',
        ...event,
        gsi1pk: `TOURNAMENT#${event.tournamentId}#EVENTS`,
        ...byTime(event.time, event.id),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The event's item for a batched read with another entity's (platform/dynamodb.ts readTogether). */
export const eventRead = (id: string): ItemRead<EventRecord> => ({ key: eventKey(id), toRecord });

export async function getEvent(id: string, consistent = false): Promise<EventRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: eventKey(id), ConsistentRead: consistent }));
  return Item && toRecord(Item);
}

/**
 * A change of the event with its audit entries, in one transaction, retried while it only loses races.
 * In DynamoDB only another transaction on the event can cancel it, which is rare; DynamoDB Local also
 * cancels it while bets' reads of the event are in flight, so during a rush it waits for a gap rather
 * than answering 500.
 */
export const transactChange = (items: TransactItem[]) => retryLostRacesWhileTimeLeft(() => transactWrite(items));

/** The condition that no outcome is recorded yet (neither a winner nor a void). */
export const UNDECIDED = 'attribute_not_exists(winnerTeamId) AND attribute_not_exists(isVoid) AND attribute_not_exists(isDraw)';

/** A decided event's current outcome (the first result, or its latest correction). */
export const outcomeOf = (event: EventRecord): EventOutcome => {
  const details = { ...(event.score && { score: event.score }), ...(event.resultNote && { note: event.resultNote }) };
  if (event.isDraw) return { isDraw: true, ...details };
  if (event.isVoid) return { isVoid: true, ...(event.abandoned && { abandoned: true as const }), ...details };
  return { winnerTeamId: event.winnerTeamId!, ...(event.walkover && { walkover: true as const }), ...details };
};

/** The version of the event's betting state (0 for events older than the field). */
export const bettingVersionOf = (event: Pick<EventRecord, 'bettingVersion'>) => event.bettingVersion ?? 0;

/** The events that exist among these ids, by id. */
export async function getEvents(ids: string[], consistent = false): Promise<Map<string, EventRecord>> {
  const items = await batchGetAll(ids.map(eventKey), consistent);
  return new Map(items.map((item) => [item.id as string, toRecord(item)]));
}

/** A tournament's events, soonest first. */
export async function listTournamentEvents(tournamentId: string): Promise<EventRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :events',
    ExpressionAttributeValues: { ':events': `TOURNAMENT#${tournamentId}#EVENTS` },
  });
  return items.map(toRecord);
}

/** What an edit of an undecided event sets; a venue of '' removes it. */
export type EventEdit = Partial<Pick<EventRecord, 'isBetActive' | 'time' | 'teamIds' | 'venue' | 'lineupVersion' | 'postponedFrom'>>;

const versionIs = (bettingVersion: number) => `(bettingVersion = :was${bettingVersion === 0 ? ' OR attribute_not_exists(bettingVersion)' : ''})`;

/** The Update of an edit (see updateEvent): SET what is given, REMOVE a blank venue, ADD bettingVersion 1. */
function editItem(id: string, fields: EventEdit, bettingVersionWas?: number) {
  const changes: Record<string, unknown> = { ...fields, ...(fields.time && byTime(fields.time, id)) };
  const names = Object.keys(changes).filter((name) => changes[name] !== undefined && !(name === 'venue' && changes[name] === ''));
  const set = names.length > 0 ? `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')} ` : '';
  const remove = fields.venue === '' ? 'REMOVE #venue ' : '';
  const attributeNames = { ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])), ...(remove && { '#venue': 'venue' }) };
  return {
    TableName: tableName(),
    Key: eventKey(id),
    UpdateExpression: `${set}${remove}ADD bettingVersion :one`,
    ConditionExpression: `attribute_exists(pk) AND ${UNDECIDED}${bettingVersionWas === undefined ? '' : ` AND ${versionIs(bettingVersionWas)}`}`,
    ...(Object.keys(attributeNames).length > 0 && { ExpressionAttributeNames: attributeNames }),
    ExpressionAttributeValues: {
      ...Object.fromEntries(names.map((name, i) => [`:v${i}`, changes[name]])),
      ':one': 1,
      ...(bettingVersionWas !== undefined && { ':was': bettingVersionWas }),
    },
  };
}

/**
 * The edited event, or undefined when it is not there, decided, or (given `bettingVersionWas`) changed
 * since it was read at that version: the caller reads it again to tell which. Every edit moves the
 * betting version, so a bet in flight across it is refunded rather than accepted. `alsoWrite` (its
 * audit entries, its teams' counts) commits in the same transaction: no edit without its entry, no entry
 * without the edit.
 */
export function updateEvent(id: string, fields: EventEdit, alsoWrite: TransactItem[] = [], bettingVersionWas?: number): Promise<EventRecord | undefined> {
  return changingBetting([id], () => writeEdit(id, fields, alsoWrite, bettingVersionWas));
}

async function writeEdit(id: string, fields: EventEdit, alsoWrite: TransactItem[], bettingVersionWas?: number): Promise<EventRecord | undefined> {
  const update = editItem(id, fields, bettingVersionWas);
  if (alsoWrite.length === 0) {
    try {
      const { Attributes } = await db.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return Attributes && toRecord(Attributes);
    } catch (error) {
      if (isConditionFailed(error)) return undefined;
      throw error;
    }
  }
  try {
    await transactChange([{ Update: update }, ...alsoWrite]);
  } catch (error) {
    if (conditionFailedAt(error, 0)) return undefined;
    throw error;
  }
  return getEvent(id, true);
}

/**
 * The live score of an undecided event with both teams, as read (`event`): the first one with betting
 * open closes it, moving the betting version (its gates close first: a bet in flight across it is
 * refused); once closed, only the score moves. Undefined when the event changed since it was read
 * (paused, reopened, decided): the caller reads it again.
 */
export function setLiveScore(event: EventRecord, score: Score, at: string, takenAt = Date.parse(at), provisional?: ProvisionalRecord): Promise<EventRecord | undefined> {
  const write = () => writeLiveScore(event, score, at, takenAt, provisional);
  return event.isBetActive ? changingBetting([event.id], write) : write();
}

async function writeLiveScore(event: EventRecord, score: Score, at: string, takenAt: number, provisional?: ProvisionalRecord): Promise<EventRecord | undefined> {
  const closing = event.isBetActive;
  // A live score waits while a referee's result does; a new result from the referee replaces it, unless disputed.
  const waiting = provisional ? 'NOT provisional.disputed = :true' : 'attribute_not_exists(provisional)';
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: eventKey(event.id),
        UpdateExpression: `SET liveScore = :score, liveScoreAt = :at, liveScoreTakenAt = :takenAt${provisional ? ', provisional = :provisional' : ''}${closing ? ', isBetActive = :false ADD bettingVersion :one' : ''}`,
        ConditionExpression: [
          `attribute_exists(pk) AND ${UNDECIDED} AND size(teamIds) = :two AND isBetActive = :active`,
          '(attribute_not_exists(liveScoreTakenAt) OR liveScoreTakenAt < :takenAt)',
          provisional ? `(attribute_not_exists(provisional) OR ${waiting})` : waiting,
          ...(closing ? [versionIs(bettingVersionOf(event))] : []),
        ].join(' AND '),
        ExpressionAttributeValues: {
          ':score': score,
          ':at': at,
          ':takenAt': takenAt,
          ':two': 2,
          ':active': closing,
          ...(provisional && { ':provisional': provisional, ':true': true }),
          ...(closing && { ':false': false, ':one': 1, ':was': bettingVersionOf(event) }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes && toRecord(Attributes);
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Deletes an undecided event whose betting is closed and whose version is still `bettingVersion` (nothing
 * reopened or changed it since the caller closed it), with `alsoWrite` (its teams' counts, its audit entry),
 * in one transaction, and its gates after it. False when it is gone, decided or changed.
 */
export async function deleteEvent(id: string, bettingVersion: number, alsoWrite: TransactItem[] = []): Promise<boolean> {
  try {
    await gatedTransaction([
      {
        Delete: {
          TableName: tableName(),
          Key: eventKey(id),
          ConditionExpression: `attribute_exists(pk) AND ${UNDECIDED} AND isBetActive = :false AND ${versionIs(bettingVersion)}`,
          ExpressionAttributeValues: { ':false': false, ':was': bettingVersion },
        },
      },
      ...alsoWrite,
    ]);
  } catch (error) {
    if (conditionFailedAt(error, 0)) return false;
    throw error;
  }
  await gates.dropGates(id); // a bet then finds no gate, and the event not found
  return true;
}

/** Marks the referee's result sent at `at` disputed: it no longer stands by itself (refused when no such result waits). */
export function disputeProvisionalItem(id: string, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(id),
      UpdateExpression: 'SET provisional.disputed = :true',
      ConditionExpression: `${UNDECIDED} AND provisional.#at = :at`,
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: { ':true': true, ':at': at },
    },
  };
}

/** The event's betting state as its gates hold it (betting-gates.ts); the start is checked by each bet. */
export const gateStateOf = (event: EventRecord): GateState => ({
  open: event.isBetActive && !isEventFinished(event) && event.liveScore === undefined && hasBothTeams(event),
  version: bettingVersionOf(event),
  startsAtMs: Date.parse(event.time),
  ...(hasBothTeams(event) && { homeTeamId: event.teamIds[0], awayTeamId: event.teamIds[1] }),
  lineupVersion: event.lineupVersion ?? 0,
});

/** The ids of the events whose betting state a transaction changes: it Puts or Deletes their item, or ADDs bettingVersion to it. */
export function bettingChangesOf(items: readonly TransactItem[]): string[] {
  const eventIdOf = (key: Record<string, unknown> | undefined) => {
    const pk = key?.pk;
    return typeof pk === 'string' && pk.startsWith('EVENT#') && key?.sk === 'EVENT' ? pk.slice('EVENT#'.length) : undefined;
  };
  // Read as properties, not destructured: the bundle's needs are read from its text, where `{Delete:` names a transaction's item kind.
  const ids = items.map((item) =>
    item.Put ? eventIdOf(item.Put.Item) : item.Delete ? eventIdOf(item.Delete.Key) : item.Update?.UpdateExpression?.includes('bettingVersion') ? eventIdOf(item.Update.Key) : undefined,
  );
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/** The gates follow the event as it now is, releasing the change's own hold (`holder`). */
const followNow = async (id: string, holder?: string) => {
  const event = await getEvent(id, true);
  if (event) await gates.followEvent(id, gateStateOf(event), holder);
};

/** Closes the event's gates at its current version + 0.5, reading it again while another change lands first. */
async function holdBetting(id: string, holder: string): Promise<void> {
  for (;;) {
    const event = await getEvent(id, true);
    if (!event) return; // being created: its gates follow it once it is there, and no bet passes a gate not there
    if (await gates.holdGates(id, bettingVersionOf(event) + 0.5, holder)) return;
  }
}

/**
 * Runs `write`, a change of these events' betting state, between the closing of their gates and their
 * following of the events (docs/architecture.md, "Betting on one hot event"): once the write is done no
 * bet commits against the state it replaced, and a bet that committed before the close was placed
 * before the change. Every write that moves an event's bettingVersion (or creates one) goes through it.
 */
export async function changingBetting<T>(ids: readonly string[], write: () => Promise<T>): Promise<T> {
  const holder = gates.newHolder();
  await Promise.all(ids.map((id) => holdBetting(id, holder)));
  try {
    return await write();
  } finally {
    await Promise.all(ids.map((id) => followNow(id, holder)));
  }
}

/** A transaction that may change events' betting state (bettingChangesOf), sent by `send`, with their gates kept (changingBetting). */
export const gatedTransaction = (items: TransactItem[], send: (items: TransactItem[]) => Promise<unknown> = transactChange) =>
  changingBetting(bettingChangesOf(items), () => send(items));
