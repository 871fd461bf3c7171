// Events (matches) of a tournament: two teams, a start time, the operator's betting switch, a winner.
// Access patterns:
//   get an event; events of bets     -> GetItem / BatchGet  pk=EVENT#<id>  sk=EVENT
//   an event with its team (new bet) -> BatchGet with the TEAM item (eventRead)
//   a tournament's events by time    -> Query gsi1  gsi1pk=TOURNAMENT#<tournamentId>#EVENTS  gsi1sk=<time>#<id>
//   create                           -> Put EVENT attribute_not_exists, with ConditionChecks that its
//                                       tournament and teams exist, in one TransactWrite
//   edit (switch, time)              -> Update EVENT attribute_exists (gsi1sk follows the time), in one
//                                       TransactWrite with its audit entries (event-audit.ts)
//   still taking bets? (new bet)     -> consistent GetItem of EVENT before the bet's TransactWrite and again
//                                       after it (the close protocol, docs/architecture.md): never inside
//                                       the transaction, so bets on one event share no item and no lock
//   every close or reopen            -> ADD bettingVersion 1 in the same Update (pause, reopen, time, outcome)
//   record the outcome once          -> Update EVENT: winnerTeamId or isVoid only if neither is set yet
//                                       (in one TransactWrite with its audit entry, when given)
//   team trophy once (settlement)    -> Update EVENT SET teamTrophyAwarded only if absent, in the team's TransactWrite
//   settled                          -> Update EVENT SET settledAt
//   correct the outcome once         -> Update EVENT: the new outcome, correction = n and its history entry, only
//                                       while correction is still n - 1 and settled (settledGeneration = n - 1),
//                                       in the TransactWrite that moves the team trophies
//   correction settled               -> Update EVENT SET settledGeneration = n (condition correction = n)
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventOutcome } from '#shared/schemas.ts';
import {
  batchGetAll,
  conditionFailedAt,
  db,
  isConditionFailed,
  type Item,
  lostTransactionRace,
  type ItemRead,
  queryAll,
  recordOf,
  tableName,
  type TransactItem,
  transactWrite,
  updateExisting,
  updateExistingItem,
} from '#functions/platform/dynamodb.ts';

export interface EventRecord {
  id: string;
  tournamentId: string;
  /** ISO 8601, UTC */
  time: string;
  teamIds: [string, string];
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
  /** When the outcome (winner or void) was recorded. */
  decidedAt?: string;
  /** The winning team's trophy was counted (settlement, exactly once). */
  teamTrophyAwarded?: boolean;
  /** Every bet is settled. */
  settledAt?: string;
  /** How many times the outcome was corrected (absent: never); the current outcome's generation. */
  correction?: number;
  /** The corrections, oldest first. */
  corrections?: CorrectionRecord[];
  /** The generation every bet is settled by (absent: 0): equal to `correction` once a correction is done. */
  settledGeneration?: number;
  createdAt: string;
}

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

const eventKey = (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' });
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

/** The event's item for a batched read with another entity's (lib/dynamodb.ts readBoth). */
export const eventRead = (id: string): ItemRead<EventRecord> => ({ key: eventKey(id), toRecord });

export async function getEvent(id: string, consistent = false): Promise<EventRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: eventKey(id), ConsistentRead: consistent }));
  return Item && toRecord(Item);
}

/** How long an organiser's change of the event keeps retrying while it only loses races (see transactChange). */
const CHANGE_RACE_BUDGET_MS = 20_000;
const CHANGE_RACE_PAUSE_MS = 250;

/**
 * A change of the event with its audit entries, in one transaction, retried while it only loses races
 * (each call already retries a dozen times, lib/dynamodb.ts). In DynamoDB only another transaction on the
 * event can cancel it, which is rare; DynamoDB Local also cancels it while bets' reads of the event are in
 * flight, so during a rush it waits here for a gap, up to the budget, rather than answering 500.
 */
async function transactChange(items: TransactItem[]): Promise<void> {
  const deadline = Date.now() + CHANGE_RACE_BUDGET_MS;
  for (;;) {
    try {
      return await transactWrite(items);
    } catch (error) {
      if (!lostTransactionRace(error) || Date.now() > deadline) throw error;
      await sleep(Math.random() * CHANGE_RACE_PAUSE_MS);
    }
  }
}

const UNDECIDED = 'attribute_not_exists(winnerTeamId) AND attribute_not_exists(isVoid)';

/** The version of the event's betting state (0 for events older than the field). */
export const bettingVersionOf = (event: Pick<EventRecord, 'bettingVersion'>) => event.bettingVersion ?? 0;

/**
 * Closes betting and records the outcome, only while none is recorded (and a winner only if it plays
 * in the event), in one transaction with `alsoWrite` (its audit entry). On refusal, the event as
 * it is (undefined when there is none), for the caller to tell a repeat from a conflict.
 */
export async function recordOutcome(
  id: string,
  outcome: EventOutcome,
  decidedAt: string,
  alsoWrite: TransactItem[] = [],
): Promise<{ recorded: true } | { recorded: false; current?: EventRecord }> {
  const winner = outcome.winnerTeamId !== undefined;
  const update = {
    TableName: tableName(),
    Key: eventKey(id),
    UpdateExpression: `SET isBetActive = :false, decidedAt = :at, ${winner ? 'winnerTeamId = :winner' : 'isVoid = :true'} ADD bettingVersion :one`,
    ConditionExpression: `attribute_exists(pk) AND ${UNDECIDED}${winner ? ' AND contains(teamIds, :winner)' : ''}`,
    ExpressionAttributeValues: { ':false': false, ':at': decidedAt, ':one': 1, ...(winner ? { ':winner': outcome.winnerTeamId } : { ':true': true }) },
  };
  try {
    if (alsoWrite.length === 0) await db.send(new UpdateCommand(update));
    else await transactChange([{ Update: update }, ...alsoWrite]);
    return { recorded: true };
  } catch (error) {
    if (!isConditionFailed(error) && !conditionFailedAt(error, 0)) throw error;
    return { recorded: false, current: await getEvent(id, true) };
  }
}

/** Marks the winner's trophy counted; fails once it is (paired with the team's trophy update). */
export function teamTrophyOnceItem(id: string, winnerTeamId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(id),
      UpdateExpression: 'SET teamTrophyAwarded = :true',
      ConditionExpression: 'attribute_not_exists(teamTrophyAwarded) AND winnerTeamId = :winner',
      ExpressionAttributeValues: { ':true': true, ':winner': winnerTeamId },
    },
  };
}

/**
 * The outcome corrected to `to`, as the next generation after the one `event` was read at: only if no
 * other correction came first and every bet is settled by the current outcome. The team trophy flag
 * follows the new winner (the caller moves the teams' counts in the same transaction).
 */
export function correctOutcomeItem(event: EventRecord, correction: CorrectionRecord): TransactItem {
  const previous = correctionOf(event);
  const winner = correction.to.winnerTeamId;
  const set = ['correction = :generation', 'corrections = list_append(if_not_exists(corrections, :none), :entry)', winner ? 'winnerTeamId = :winner, teamTrophyAwarded = :true' : 'isVoid = :true'];
  const remove = winner ? ['isVoid'] : ['winnerTeamId', 'teamTrophyAwarded'];
  const current = previous === 0 ? '(attribute_not_exists(correction) AND attribute_not_exists(settledGeneration))' : 'correction = :previous AND settledGeneration = :previous';
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(event.id),
      UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
      ConditionExpression: `attribute_exists(settledAt) AND ${current}${winner ? ' AND contains(teamIds, :winner)' : ''}`,
      ExpressionAttributeValues: {
        ':generation': correction.generation,
        ':none': [],
        ':entry': [correction],
        ':true': true,
        ...(previous > 0 && { ':previous': previous }),
        ...(winner && { ':winner': winner }),
      },
    },
  };
}

/** Records that every bet is settled by correction `generation` (idempotent). */
export async function markCorrectionSettled(id: string, generation: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: eventKey(id),
        UpdateExpression: 'SET settledGeneration = :generation',
        ConditionExpression: 'correction = :generation',
        ExpressionAttributeValues: { ':generation': generation },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Records that every bet is settled (the first time only). */
export async function markSettled(id: string, settledAt: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: eventKey(id),
        UpdateExpression: 'SET settledAt = :at',
        ConditionExpression: 'attribute_exists(decidedAt) AND attribute_not_exists(settledAt)',
        ExpressionAttributeValues: { ':at': settledAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** The events that exist among these ids, by id. */
export async function getEvents(ids: string[]): Promise<Map<string, EventRecord>> {
  const items = await batchGetAll(ids.map(eventKey));
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

/**
 * The edited event, or undefined when there is none. Any edit of the switch or the time moves the
 * betting version, so a bet in flight across it is refunded rather than accepted. `alsoWrite` (its
 * audit entries) commits in the same transaction: no edit without its entry, no entry without the edit.
 */
export async function updateEvent(
  id: string,
  fields: Partial<Pick<EventRecord, 'isBetActive' | 'time'>>,
  alsoWrite: TransactItem[] = [],
): Promise<EventRecord | undefined> {
  const changes = { ...fields, ...(fields.time && byTime(fields.time, id)) };
  if (alsoWrite.length === 0) {
    const item = await updateExisting(eventKey(id), changes, { bettingVersion: 1 });
    return item && toRecord(item);
  }
  try {
    await transactChange([{ Update: updateExistingItem(eventKey(id), changes, { bettingVersion: 1 }) }, ...alsoWrite]);
  } catch (error) {
    if (conditionFailedAt(error, 0)) return undefined;
    throw error;
  }
  return getEvent(id, true);
}
