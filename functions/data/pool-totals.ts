// A pool's totals: coins and stakes per team, counted by the table stream's pool handler
// (functions/pools/stream-pool-totals.ts) from the stakes placed and given back, one transaction per pool
// per stream batch, never a write per stake: a rush of stakes never serialises on this item. Each stream
// record is counted once, however often it is delivered, as the crowd split counts bets (crowd.ts
// countOnce: the ids of the records counted kept in items of 10 s of record time).
// Access patterns:
//   a pool's totals                   -> GetItem  pk=POOL#<tournamentId>  sk=TOTALS
//   the records counted, 10 s of them -> GetItem (consistent)  pk=POOL#<tournamentId>  sk=COUNTED#<bucket>, ttl
//   count a batch's new records, once -> TransactWrite: Update TOTALS ADD coins#<teamId>, stakes#<teamId>
//                                        + Update COUNTED#<bucket> ADD ids, n (condition: n as read, or no item)
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailedAt, db, type Item, tableName, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';
import { countedItems, type NewlyCounted } from './crowd.ts';

export interface TeamTotal {
  coins: number;
  stakes: number;
}

export const poolTotalsPk = (tournamentId: string) => `POOL#${tournamentId}`;
const totalsKey = (tournamentId: string) => ({ pk: poolTotalsPk(tournamentId), sk: 'TOTALS' });
const COINS = 'coins#';
const STAKES = 'stakes#';

/** Per team id, its coins and stakes (teams nobody backed are absent). */
function toTotals(item: Item): Map<string, TeamTotal> {
  const totals = new Map<string, TeamTotal>();
  for (const [name, value] of Object.entries(item)) {
    const field = name.startsWith(COINS) ? 'coins' : name.startsWith(STAKES) ? 'stakes' : undefined;
    if (!field) continue;
    const teamId = name.slice(field === 'coins' ? COINS.length : STAKES.length);
    const total = totals.get(teamId) ?? { coins: 0, stakes: 0 };
    total[field] = Math.max(0, Number(value));
    totals.set(teamId, total);
  }
  return totals;
}

export async function getPoolTotals(tournamentId: string): Promise<Map<string, TeamTotal>> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: totalsKey(tournamentId) }));
  return Item ? toTotals(Item) : new Map();
}

/**
 * Adds the changes (signed, per team) to the totals and the records they come from to the counted items,
 * in one transaction, provided each counted item is still as read; 'raced' when one changed meanwhile.
 */
export async function addToTotals(tournamentId: string, changes: Map<string, TeamTotal>, records: NewlyCounted): Promise<'counted' | 'raced'> {
  const teams = [...changes].filter(([, change]) => change.coins !== 0 || change.stakes !== 0);
  const totals: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: totalsKey(tournamentId),
      UpdateExpression: `SET #entity = :entity, tournamentId = :tournamentId${teams.length ? ` ADD ${teams.map((_, i) => `#c${i} :c${i}, #s${i} :s${i}`).join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#entity': 'entity', ...Object.fromEntries(teams.flatMap(([teamId], i) => [[`#c${i}`, `${COINS}${teamId}`], [`#s${i}`, `${STAKES}${teamId}`]])) },
      ExpressionAttributeValues: { ':entity': 'pool-totals', ':tournamentId': tournamentId, ...Object.fromEntries(teams.flatMap(([, change], i) => [[`:c${i}`, change.coins], [`:s${i}`, change.stakes]])) },
    },
  };
  const counted = countedItems(poolTotalsPk(tournamentId), records);
  try {
    await transactWrite([totals, ...counted]);
    return 'counted';
  } catch (error) {
    if (counted.some((_, i) => conditionFailedAt(error, i + 1))) return 'raced';
    throw error;
  }
}
