// A tournament's hostels (groups an organiser marked) and their bets won, per settled event.
// Access patterns:
//   a tournament's hostels           -> GetItem  pk=TOURNAMENT#<id>  sk=HOSTELS  (groupIds)
//   mark the hostels                 -> Put HOSTELS (the whole list)
//   a hostel's bets won in an event  -> Put      pk=TOURNAMENT#<id>  sk=HOSTEL_WINS#<eventId>  (wonByGroup: groupId ->
//                                       count), recomputed whole after each settlement or correction, so it is
//                                       idempotent; condition: no newer recomputation already stored
//   the hostel leaderboard           -> Query    pk=TOURNAMENT#<id>  sk begins_with HOSTEL_WINS#, summed on read
// Nothing here is written by a bet: the counts are read from the members' bets after the event settled.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailed, queryAll, tableName } from '#functions/platform/dynamodb.ts';

const tournamentPk = (tournamentId: string) => `TOURNAMENT#${tournamentId}`;
const hostelsKey = (tournamentId: string) => ({ pk: tournamentPk(tournamentId), sk: 'HOSTELS' });
const WINS = 'HOSTEL_WINS#';

export async function getHostelIds(tournamentId: string): Promise<string[]> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: hostelsKey(tournamentId), ConsistentRead: true }));
  return (Item?.groupIds as string[] | undefined) ?? [];
}

export async function putHostelIds(tournamentId: string, groupIds: string[], updatedAt: string): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...hostelsKey(tournamentId), entity: 'hostels', tournamentId, groupIds, updatedAt } }));
}

/**
 * Stores an event's bets won per hostel, unless a recomputation that started later is already stored
 * (`startedAt` is taken before reading the bets, so an older, slower run never overwrites a newer one).
 */
export async function putEventWins(tournamentId: string, eventId: string, wonByGroup: Record<string, number>, startedAt: string): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: tournamentPk(tournamentId), sk: `${WINS}${eventId}`, entity: 'hostel-wins', eventId, wonByGroup, startedAt },
        ConditionExpression: 'attribute_not_exists(startedAt) OR startedAt <= :startedAt',
        ExpressionAttributeValues: { ':startedAt': startedAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Bets won per hostel (group id) over every recorded event of the tournament. */
export async function sumWins(tournamentId: string): Promise<Map<string, number>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :tournament AND begins_with(sk, :wins)',
    ExpressionAttributeValues: { ':tournament': tournamentPk(tournamentId), ':wins': WINS },
  });
  const totals = new Map<string, number>();
  for (const item of items) {
    for (const [groupId, won] of Object.entries(item.wonByGroup as Record<string, number>)) totals.set(groupId, (totals.get(groupId) ?? 0) + won);
  }
  return totals;
}
