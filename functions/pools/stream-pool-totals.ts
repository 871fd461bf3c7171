// The cup pool's share of the table stream (shared/routes.ts `streamHandlers.poolTotals`: stake inserts and
// changes), run by the one stream consumer (functions/stream/handlers/table-stream.ts). A batch's stakes are
// added per pool and team (coins and stakes; a stake given back as the pool closed under it counts minus)
// into the pool's totals: one transaction per pool per batch, never a write per stake, each stream record
// counted once however often it is delivered (data/crowd.ts countOnce), so a rush of stakes is counted as
// fast as it comes and the odds are exact within seconds.
import type { DynamoDBRecord } from 'aws-lambda';
import { log } from '#functions/platform/logger.ts';
import { failuresOf, imagesOf } from '#functions/platform/stream.ts';
import { countOnce, type StreamRecordCount } from '#functions/data/crowd.ts';
import { addToTotals, poolTotalsPk, type TeamTotal } from '#functions/data/pool-totals.ts';
import type { StakeRecord } from '#functions/data/pools.ts';

/** The stream time a counted item of record ids covers. */
const BUCKET_SECONDS = 10;
/** Pools of one batch counted at once. */
const POOLS_AT_ONCE = 8;

interface StakeChange extends StreamRecordCount {
  teamId: string;
  coins: number;
  stakes: 1 | -1;
}

/** A stake placed counts for its team; one given back before the pool took it (closed as it arrived, or at the share) no longer does. */
function stakeDelta(before: StakeRecord | undefined, after: StakeRecord): 0 | 1 | -1 {
  if (!before) return after.status === 'refunded' ? 0 : 1;
  return before.status === 'pending' && after.status === 'refunded' ? -1 : 0;
}

/** Per pool (tournament id), the changes the batch makes to its totals, each with the record it comes from. */
export function readStakeChanges(records: readonly DynamoDBRecord[]): Map<string, { change: StakeChange; record: DynamoDBRecord }[]> {
  const byPool = new Map<string, { change: StakeChange; record: DynamoDBRecord }[]>();
  for (const record of records) {
    const images = imagesOf(record);
    if (images.after?.entity !== 'pool-stake') continue;
    const after = images.after as unknown as StakeRecord;
    const delta = stakeDelta(images.before as StakeRecord | undefined, after);
    if (delta === 0) continue;
    const created = record.dynamodb?.ApproximateCreationDateTime;
    const bucketStart = created === undefined ? undefined : Math.floor(created / BUCKET_SECONDS) * BUCKET_SECONDS;
    const recordId = record.eventID ?? `seq-${record.dynamodb?.SequenceNumber}`;
    const change: StakeChange = { recordId, bucket: bucketStart === undefined ? 'untimed' : String(bucketStart), bucketStart, teamId: after.teamId, coins: delta * after.amount, stakes: delta };
    const ofPool = byPool.get(after.tournamentId) ?? [];
    ofPool.push({ change, record });
    byPool.set(after.tournamentId, ofPool);
  }
  return byPool;
}

/** Counts each pool's changes; a pool that fails fails its records (delivered again, counted once). */
export async function handlePoolTotals(records: DynamoDBRecord[]): Promise<DynamoDBRecord[]> {
  const byPool = readStakeChanges(records);
  if (byPool.size === 0) return [];
  const failed = await failuresOf(
    [...byPool],
    POOLS_AT_ONCE,
    'pool totals failed for a pool; its records will be delivered again',
    async ([tournamentId, changes]) => {
      const counted = await countOnce(`the pool totals of ${tournamentId}`, poolTotalsPk(tournamentId), changes.map(({ change }) => change), (fresh, ids) => {
        const totals = new Map<string, TeamTotal>();
        for (const change of fresh) {
          const total = totals.get(change.teamId) ?? { coins: 0, stakes: 0 };
          totals.set(change.teamId, { coins: total.coins + change.coins, stakes: total.stakes + change.stakes });
        }
        return addToTotals(tournamentId, totals, ids);
      });
      log('info', 'pool totals counted', { tournamentId, records: changes.length, counted });
    },
    ([tournamentId]) => ({ tournamentId }),
  );
  return failed.flatMap(([, changes]) => changes.map(({ record }) => record));
}
