// The crowd-split stream worker (shared/routes.ts `streamConsumers`, LiveCrowd): fed by the table's stream
// with bet inserts and changes. Bets move the crowd split, one write per event per batch, broadcast
// coalesced (functions/domain/live.ts). Its own consumer, apart from the event changes
// (worker/live-updates.ts): a batch here may wait out the 3 s crowd window, and a stream hands a consumer
// one batch at a time, so a pause or result behind it would wait too.
// A batch that fails is delivered again; the split counts each batch once (its records' digest).
import { createHash } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { imagesOf, wholeBatchHandler } from '#functions/platform/stream.ts';
import type { BetRecord } from '#functions/data/bets.ts';
import { applyCrowdChanges, type CrowdChanges } from '#functions/live/live.ts';

/** A bet placed counts its bettor for the team; one refunded (refused at arrival, or voided) no longer does. */
function bettorChange(before: BetRecord | undefined, after: BetRecord): number {
  if (!before) return after.status === 'refunded' ? 0 : 1;
  return before.status !== 'refunded' && after.status === 'refunded' ? -1 : 0;
}

/** The bettors a batch adds per event and team, with the digest naming the records counted. */
export function readCrowdChanges(records: DynamoDBRecord[]): CrowdChanges {
  const crowd: CrowdChanges = new Map();
  const counted = new Map<string, string[]>(); // per event, the stream ids of the records counted
  for (const record of records) {
    const images = imagesOf(record);
    if (images.after?.entity !== 'bet') continue;
    const before = images.before as BetRecord | undefined;
    const after = images.after as unknown as BetRecord;
    const delta = bettorChange(before, after);
    if (delta === 0) continue;
    const { eventId, teamId } = after;
    const counts = crowd.get(eventId)?.counts ?? {};
    counts[teamId] = (counts[teamId] ?? 0) + delta;
    const ids = [...(counted.get(eventId) ?? []), record.eventID ?? `${record.dynamodb?.SequenceNumber}`];
    counted.set(eventId, ids);
    crowd.set(eventId, { counts, digest: createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 16) });
  }
  return crowd;
}

// Delivered again after a failure: a batch already counted is not counted again.
export const handler = wholeBatchHandler('crowd update failed; the batch will be retried', async (records) => {
  const crowd = readCrowdChanges(records);
  if (crowd.size > 0) await applyCrowdChanges(crowd);
});
