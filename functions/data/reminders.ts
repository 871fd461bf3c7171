// Betting reminders: who is reminded of a tournament's matches, and each reminder sent at most once.
// A tournament's bettors are recorded by the reminders stream consumer from bet inserts (no bet function
// writes them: a hot event's bets never share an item), one item per bettor and tournament.
// Access patterns:
//   a bettor of a tournament (again: the same item) -> Put pk=TOURNAMENT#<id>#BETTORS  sk=USER#<userId>
//   a tournament's bettors                          -> Query pk=TOURNAMENT#<id>#BETTORS (pages)
//   one reminder per user and event                 -> Put pk=USER#<id>  sk=REMINDER#<eventId>  attribute_not_exists, ttl a day
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailed, nowSeconds, queryAll, tableName } from '#functions/lib/dynamodb.ts';
import { tournamentPk, userPk } from './keys.ts';

const bettorsPk = (tournamentId: string) => `${tournamentPk(tournamentId)}#BETTORS`;
const REMINDER_KEPT_SECONDS = 24 * 60 * 60;

export async function addTournamentBettor(tournamentId: string, userId: string): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { pk: bettorsPk(tournamentId), sk: userPk(userId), entity: 'tournament-bettor', tournamentId, userId } }));
}

export async function listTournamentBettors(tournamentId: string): Promise<string[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': bettorsPk(tournamentId) }, ProjectionExpression: 'userId' });
  return items.map((item) => item.userId as string);
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
