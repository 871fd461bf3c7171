// Betting reminders: who is reminded of a tournament's matches, and each reminder sent at most once.
// A tournament's bettors are recorded by the reminders stream consumer from bet inserts (no bet function
// writes them: a hot event's bets never share an item), one item per bettor and tournament. A user may
// also opt in to a tournament's reminders without betting: an item under the user's partition (their
// opt-ins, counted against a cap in the same transaction) and its reverse under the tournament's, which
// the reminder sender reads.
// Access patterns:
//   a bettor of a tournament (again: the same item) -> Put pk=TOURNAMENT#<id>#BETTORS  sk=USER#<userId>;
//                                                      a stream batch's bettors: BatchWriteItem of those Puts, 25 a request
//   a tournament's bettors                          -> Query pk=TOURNAMENT#<id>#BETTORS (pages)
//   opt in (under the cap; again: no change)        -> TransactWrite: ConditionCheck the tournament exists + Put pk=USER#<id>
//                                                      sk=OPTIN#<tournamentId> (attribute_not_exists) + Put pk=TOURNAMENT#<id>#OPTINS
//                                                      sk=USER#<userId> + Update pk=USER#<id> sk=OPTIN-COUNT (ADD itemCount 1, < max)
//   opt out                                         -> TransactWrite: Delete OPTIN#<tournamentId> (attribute_exists) + Delete the
//                                                      reverse + Update OPTIN-COUNT (ADD -1)
//   whether a user opted in to a tournament         -> GetItem pk=USER#<id>  sk=OPTIN#<tournamentId>
//   a tournament's opted-in users                   -> Query pk=TOURNAMENT#<id>#OPTINS (pages)
//   one reminder per user and event                 -> Put pk=USER#<id>  sk=REMINDER#<eventId>  attribute_not_exists, ttl a day
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { cappedIncrement, decrement } from '#functions/platform/counters.ts';
import { conditionFailedAt, db, isConditionFailed, nowSeconds, queryAll, tableName, transactWrite } from '#functions/platform/dynamodb.ts';
import { tournamentPk, userPk } from './keys.ts';
import { tournamentExistsCheck } from './tournaments.ts';

const bettorsPk = (tournamentId: string) => `${tournamentPk(tournamentId)}#BETTORS`;
const optInsPk = (tournamentId: string) => `${tournamentPk(tournamentId)}#OPTINS`;
const optInKey = (userId: string, tournamentId: string) => ({ pk: userPk(userId), sk: `OPTIN#${tournamentId}` });
const reverseOptInKey = (userId: string, tournamentId: string) => ({ pk: optInsPk(tournamentId), sk: userPk(userId) });
const optInCountKey = (userId: string) => ({ pk: userPk(userId), sk: 'OPTIN-COUNT' });
const REMINDER_KEPT_SECONDS = 24 * 60 * 60;

const bettorItem = (tournamentId: string, userId: string) => ({ pk: bettorsPk(tournamentId), sk: userPk(userId), entity: 'tournament-bettor', tournamentId, userId });

/** BatchWriteItem's limit. */
export const BETTORS_PER_BATCH = 25;
const BATCH_ATTEMPTS = 8;

/**
 * Puts these tournament bettors (at most BETTORS_PER_BATCH, each pair once) in one BatchWriteItem, again
 * for what DynamoDB leaves unprocessed; throws if some stay unprocessed. Each is one item put again
 * unchanged, so doing it twice is harmless.
 */
export async function addTournamentBettors(bettors: readonly { tournamentId: string; userId: string }[]): Promise<void> {
  let pending: object[] = bettors.map(({ tournamentId, userId }) => ({ PutRequest: { Item: bettorItem(tournamentId, userId) } }));
  for (let attempt = 1; pending.length; attempt++) {
    if (attempt > BATCH_ATTEMPTS) throw new Error(`${pending.length} tournament bettors left unprocessed after ${BATCH_ATTEMPTS} tries`);
    if (attempt > 1) await sleep(Math.random() * Math.min(1_000, 25 * 2 ** attempt));
    const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = UnprocessedItems?.[tableName()] ?? [];
  }
}

const usersUnder = async (pk: string): Promise<string[]> =>
  (await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'userId' })).map((item) => item.userId as string);

export const listTournamentBettors = (tournamentId: string) => usersUnder(bettorsPk(tournamentId));

export const listTournamentOptIns = (tournamentId: string) => usersUnder(optInsPk(tournamentId));

/** 'added', 'already' (opted in before: nothing written), 'limit' (the user holds `max`) or 'no-tournament'. */
export async function addOptIn(userId: string, tournamentId: string, max: number): Promise<'added' | 'already' | 'limit' | 'no-tournament'> {
  const fields = { userId, tournamentId, createdAt: new Date().toISOString() };
  try {
    await transactWrite([
      tournamentExistsCheck(tournamentId),
      { Put: { TableName: tableName(), Item: { ...optInKey(userId, tournamentId), entity: 'reminder-opt-in', ...fields }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...reverseOptInKey(userId, tournamentId), entity: 'tournament-opt-in', ...fields } } },
      cappedIncrement(optInCountKey(userId), 'reminder-opt-in-count', max),
    ]);
    return 'added';
  } catch (error) {
    if (conditionFailedAt(error, 0)) return 'no-tournament';
    if (conditionFailedAt(error, 1)) return 'already';
    if (conditionFailedAt(error, 3)) return 'limit';
    throw error;
  }
}

/** True when the user had opted in. */
export async function removeOptIn(userId: string, tournamentId: string): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: optInKey(userId, tournamentId), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: reverseOptInKey(userId, tournamentId) } },
      decrement(optInCountKey(userId)),
    ]);
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0)) return false;
    throw error;
  }
}

export async function hasOptedIn(userId: string, tournamentId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: optInKey(userId, tournamentId), ConsistentRead: true }));
  return Item !== undefined;
}

/** Claims the user's reminder of the event: true the first time only, so a schedule fired twice reminds once. */
export async function claimReminder(userId: string, eventId: string): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: userPk(userId), sk: `REMINDER#${eventId}`, entity: 'reminder', userId, eventId, ttl: nowSeconds() + REMINDER_KEPT_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
