// An event's outcome: recording it once (a result or a void, closing betting), the winning team's trophy,
// marking its bets settled, and correcting it a generation at a time. The record itself is events.ts.
// Access patterns:
//   record the outcome once          -> Update EVENT: winnerTeamId or isVoid only if neither is set yet
//                                       (in one TransactWrite with its audit entry, when given)
//   team trophy once (settlement)    -> Update EVENT SET teamTrophyAwarded only if absent, in the team's TransactWrite
//   the backers at the result, once  -> Update EVENT SET backersAtResult only if absent (the underdog bonus's split,
//                                       counted at the first settlement; a retry or a correction uses what is stored)
//   settled                          -> Update EVENT SET settledAt
//   correct the outcome once         -> Update EVENT: the new outcome, correction = n and its history entry, only
//                                       while correction is still n - 1 and settled (settledGeneration = n - 1),
//                                       in the TransactWrite that moves the team trophies
//   correction settled               -> Update EVENT SET settledGeneration = n (condition correction = n)
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventOutcome } from '#shared/match-results.ts';
import { conditionFailedAt, db, isConditionFailed, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { changingBetting, correctionOf, type CorrectionRecord, eventKey, type EventRecord, gatedTransaction, getEvent, UNDECIDED } from '#functions/data/events.ts';

/** The event's attributes that hold an outcome: the ones this outcome sets, and the ones it leaves unset. */
function outcomeAttributes(outcome: EventOutcome) {
  const values: Record<string, unknown> = {
    winnerTeamId: outcome.winnerTeamId,
    isVoid: outcome.isVoid,
    isDraw: outcome.isDraw,
    walkover: outcome.walkover,
    abandoned: outcome.abandoned,
    score: outcome.score,
    resultNote: outcome.note,
  };
  const set = Object.entries(values).filter(([, value]) => value !== undefined);
  const unset = Object.keys(values).filter((name) => values[name] === undefined);
  return {
    set: set.map((_, i) => `#o${i} = :o${i}`),
    unset: unset.map((_, i) => `#u${i}`),
    names: { ...Object.fromEntries(set.map(([name], i) => [`#o${i}`, name])), ...Object.fromEntries(unset.map((name, i) => [`#u${i}`, name])) },
    values: Object.fromEntries(set.map(([, value], i) => [`:o${i}`, value])),
  };
}

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
  const attributes = outcomeAttributes(outcome);
  const update = {
    TableName: tableName(),
    Key: eventKey(id),
    // The live score ends with the result, which holds the final one.
    UpdateExpression: `SET isBetActive = :false, decidedAt = :at, ${attributes.set.join(', ')} REMOVE liveScore, liveScoreAt, provisional ADD bettingVersion :one`,
    ConditionExpression: `attribute_exists(pk) AND ${UNDECIDED}${winner ? ' AND contains(teamIds, :winner)' : ''}`,
    ExpressionAttributeNames: Object.fromEntries(Object.entries(attributes.names).filter(([name]) => name.startsWith('#o'))),
    ExpressionAttributeValues: { ':false': false, ':at': decidedAt, ':one': 1, ...attributes.values, ...(winner && { ':winner': outcome.winnerTeamId }) },
  };
  try {
    // Its gates close before the outcome is written, and so do those of a next match it fills.
    if (alsoWrite.length === 0) await changingBetting([id], () => db.send(new UpdateCommand(update)));
    else await gatedTransaction([{ Update: update }, ...alsoWrite]);
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
export function correctOutcomeItem(event: EventRecord, correction: CorrectionRecord, nextEventId?: string): TransactItem {
  const previous = correctionOf(event);
  const winner = correction.to.winnerTeamId;
  const attributes = outcomeAttributes(correction.to);
  const set = [
    'correction = :generation',
    'corrections = list_append(if_not_exists(corrections, :none), :entry)',
    ...attributes.set,
    ...(winner ? ['teamTrophyAwarded = :true'] : []),
    // Its next match was replaced (event-bracket-links.ts voidReplacedItem): its winner goes to the replacement.
    ...(nextEventId ? ['bracket.#next.eventId = :nextEvent'] : []),
  ];
  const remove = [...attributes.unset, ...(winner ? [] : ['teamTrophyAwarded'])];
  const current = previous === 0 ? '(attribute_not_exists(correction) AND attribute_not_exists(settledGeneration))' : 'correction = :previous AND settledGeneration = :previous';
  return {
    Update: {
      TableName: tableName(),
      Key: eventKey(event.id),
      UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
      ConditionExpression: `attribute_exists(settledAt) AND ${current}${winner ? ' AND contains(teamIds, :winner)' : ''}`,
      ExpressionAttributeNames: { ...attributes.names, ...(nextEventId && { '#next': 'next' }) },
      ExpressionAttributeValues: {
        ':generation': correction.generation,
        ':none': [],
        ':entry': [correction],
        ...(winner && { ':true': true }),
        ...attributes.values,
        ...(previous > 0 && { ':previous': previous }),
        ...(winner && { ':winner': winner }),
        ...(nextEventId && { ':nextEvent': nextEventId }),
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

/**
 * Stores the accepted bets per team counted when the result first settles (the underdog bonus's split),
 * only if none is stored yet: a second, concurrent count loses and its run uses the first one's. The
 * split as stored now (read back consistently).
 */
export async function recordBackersAtResult(id: string, split: Record<string, number>): Promise<Record<string, number>> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: eventKey(id),
        UpdateExpression: 'SET backersAtResult = :split',
        ConditionExpression: 'attribute_exists(decidedAt) AND attribute_not_exists(backersAtResult)',
        ExpressionAttributeValues: { ':split': split },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const stored = (await getEvent(id, true))?.backersAtResult;
  if (!stored) throw new Error(`Event ${id} has no backers at its result after recording them`);
  return stored;
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
