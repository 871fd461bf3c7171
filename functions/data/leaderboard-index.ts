// The leaderboards' index (gsi2), shared by the entities that hold a trophy count (team, user profile),
// so each board is one Query of its own partition, most trophies first, never a Scan.
// Access patterns:
//   a board, most trophies first     -> Query gsi2  gsi2pk=LEADERBOARD#<board>  gsi2sk=<inverted trophy>#<id>, ascending
// The sort key zero-pads (MAX - trophy), so ascending order is trophies descending, ties by id (stable).
// Whoever changes a trophy count rewrites gsi2sk with it (leaderboardKeys).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type Item, type Key, type TransactItem } from '#functions/platform/dynamodb.ts';

export type Board = 'TEAMS' | 'BETTORS';

const TROPHY_DIGITS = 10;
const MAX_TROPHIES = 10 ** TROPHY_DIGITS - 1;

/** The index attributes that place an item on a board. */
export function leaderboardKeys(board: Board, trophy: number, id: string) {
  const inverted = String(MAX_TROPHIES - trophy).padStart(TROPHY_DIGITS, '0');
  return { gsi2pk: `LEADERBOARD#${board}`, gsi2sk: `${inverted}#${id}` };
}

/**
 * One more trophy (or `by` more: -1 when a corrected result takes one back) for the item at `key`,
 * moving it on its board; only if the count is still `currentTrophy`, so a lost race is retried by the
 * caller instead of overwriting the index key.
 */
export function awardBoardTrophyItem(board: Board, id: string, key: Key, currentTrophy: number, by = 1): TransactItem {
  const { gsi2pk, gsi2sk } = leaderboardKeys(board, currentTrophy + by, id);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET trophy = :next, gsi2pk = :board, gsi2sk = :rank',
      ConditionExpression: 'trophy = :current',
      ExpressionAttributeValues: { ':current': currentTrophy, ':next': currentTrophy + by, ':board': gsi2pk, ':rank': gsi2sk },
    },
  };
}

/** The top `limit` items of a board. */
export async function queryLeaderboard(board: Board, limit: number): Promise<Item[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :board',
      ExpressionAttributeValues: { ':board': `LEADERBOARD#${board}` },
      Limit: limit,
    }),
  );
  return Items ?? [];
}
