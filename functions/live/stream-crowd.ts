// The crowd split's share of the table stream (shared/routes.ts `streamHandlers.crowd`: bet inserts and
// changes), run by the one stream consumer (functions/stream/handlers/table-stream.ts). A batch's bettors are
// counted per event and team (a refund counts -1) into `CROWD#<eventId>`: one transaction per event per
// batch, never a write per bet, each stream record counted once however often it is delivered
// (functions/data/crowd.ts). Then the split is broadcast at once if none went out in the last 3 s, else a
// trailing broadcast is asked for (functions/live/live.ts): nothing here waits out the window, so a
// batch never holds the stream (an event's pause or result behind it) and a rush's bets are counted as
// fast as they come.
import type { DynamoDBRecord } from 'aws-lambda';
import { log } from '#functions/platform/logger.ts';
import { failuresOf, imagesOf } from '#functions/platform/stream.ts';
import type { BetRecord } from '#functions/data/bets.ts';
import { broadcastCrowdSoon, countCrowd, type CrowdChange } from '#functions/live/live.ts';
import { tournamentsOf } from '#functions/data/event-tournaments.ts';

/** The stream time a counted item of record ids covers (data/crowd.ts). */
const BUCKET_SECONDS = 10;
/** Events of one batch counted at once. */
const EVENTS_AT_ONCE = 8;

/** A bet placed counts its bettor for the team; one refunded (refused at arrival, or voided) no longer does. */
function bettorChange(before: BetRecord | undefined, after: BetRecord): 0 | 1 | -1 {
  if (!before) return after.status === 'refunded' ? 0 : 1;
  return before.status !== 'refunded' && after.status === 'refunded' ? -1 : 0;
}

/** The id the split counts a record by: the stream's own (Lambda's eventID), unique per record. */
const countedId = (record: DynamoDBRecord) => record.eventID ?? `seq-${record.dynamodb?.SequenceNumber}`;

/** Per event id, the changes the batch makes to its split, each with the record it comes from. */
export function readCrowdChanges(records: readonly DynamoDBRecord[]): Map<string, { change: CrowdChange; record: DynamoDBRecord }[]> {
  const byEvent = new Map<string, { change: CrowdChange; record: DynamoDBRecord }[]>();
  for (const record of records) {
    const images = imagesOf(record);
    if (images.after?.entity !== 'bet') continue;
    const before = images.before as BetRecord | undefined;
    const after = images.after as unknown as BetRecord;
    const delta = bettorChange(before, after);
    if (delta === 0) continue;
    const created = record.dynamodb?.ApproximateCreationDateTime;
    const bucketStart = created === undefined ? undefined : Math.floor(created / BUCKET_SECONDS) * BUCKET_SECONDS;
    const change: CrowdChange = { recordId: countedId(record), bucket: bucketStart === undefined ? 'untimed' : String(bucketStart), bucketStart, teamId: after.teamId, delta };
    const ofEvent = byEvent.get(after.eventId) ?? [];
    ofEvent.push({ change, record });
    byEvent.set(after.eventId, ofEvent);
  }
  return byEvent;
}

/** Counts and broadcasts each event's changes; an event that fails fails its records (delivered again, counted once). */
export async function handleCrowd(records: DynamoDBRecord[]): Promise<DynamoDBRecord[]> {
  const byEvent = readCrowdChanges(records);
  if (byEvent.size === 0) return [];
  const known = await tournamentsOf([...byEvent.keys()]);
  const failed = await failuresOf(
    [...byEvent],
    EVENTS_AT_ONCE,
    'crowd split failed for an event; its records will be delivered again',
    async ([eventId, changes]) => {
      const tournamentId = known.get(eventId);
      if (!tournamentId) return; // no such event (any more): nothing to show
      const counted = await countCrowd({ id: eventId, tournamentId }, changes.map(({ change }) => change));
      const outcome = await broadcastCrowdSoon(eventId, tournamentId);
      log('info', 'crowd split counted', { eventId, records: changes.length, counted, outcome });
    },
    ([eventId]) => ({ eventId }),
  );
  return failed.flatMap(([, changes]) => changes.map(({ record }) => record));
}
