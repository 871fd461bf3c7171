// The table stream's one consumer (shared/routes.ts `streamConsumers`): one event source mapping reads
// the stream, with the filters of every handler merged (AWS advises at most two readers of a single-Region
// table's stream shard, and each mapping reads every shard whatever its filter), and this dispatcher
// hands each handler the records its filters pass (`streamHandlers`), in stream order, all handlers at once:
//   reminders  (reminders/stream-reminders.ts)     event inserts and changes, bet inserts: reminder schedules, a tournament's bettors
//   push       (notifications/stream-web-push.ts)  notification inserts, session removals: Web Push, subscriptions of ended sessions
//   liveCards  (live/stream-live-cards.ts)         event inserts and changes: the cards' state, broadcast at once
//   crowd      (live/stream-crowd.ts)              bet inserts and changes: the crowd split, counted and broadcast coalesced
//   poolTotals (pools/stream-pool-totals.ts)       stake inserts and changes: the cup pool's totals, counted once
// Not Powertools' BatchProcessor, which the queue workers use (platform/queue-worker.ts): it works one
// record at a time, while these handlers work a batch at once (the crowd counts a batch's bets per event in
// one transaction, reminders write each bettor once a batch), and a record fails when any handler failed it.
// No handler waits out a window (the crowd's trailing broadcasts go through the crowd queue), so a batch
// takes as long as its slowest handler's work and nothing longer.
// Partial batch responses: every handler runs on all of its records, whatever another one fails on, and the
// records any handler failed on are reported (Lambda delivers the batch again from the first of them; the
// local poller does the same), so a failure of one handler holds up, but never loses, the others' records.
// Records delivered again are those after the first failure, which other handlers may have done already:
// every handler is idempotent (see each), and this instance skips, per handler, the records it completed
// (the retry of a stream batch usually comes to the same instance), so a notice is seldom pushed twice.
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { streamHandlers, type StreamFilter } from '#shared/routes.ts';
import { errorFields, log, startInvocation } from '#functions/platform/logger.ts';
import { flushMetrics } from '#functions/platform/metrics.ts';
import { recordId, type StreamHandler } from '#functions/platform/stream.ts';
import { withTimeLeft } from '#functions/platform/time-left.ts';
import { handleCrowd } from '#functions/live/stream-crowd.ts';
import { handlePoolTotals } from '#functions/pools/stream-pool-totals.ts';
import { handleLiveCards } from '#functions/live/stream-live-cards.ts';
import { handlePush } from '#functions/notifications/stream-web-push.ts';
import { handleReminders } from '#functions/reminders/stream-reminders.ts';

/** A handler and the changes it takes. */
export interface RoutedHandler {
  name: string;
  filters: readonly StreamFilter[];
  handle: StreamHandler;
}

/** Whether one of the filters takes the record, as the event source's filter criteria match it (the old image's entity for a removal). */
export function takes(filters: readonly StreamFilter[], record: DynamoDBRecord): boolean {
  const image = record.eventName === 'REMOVE' ? record.dynamodb?.OldImage : record.dynamodb?.NewImage;
  // An item need not have the attribute, whatever the index signature's type says.
  const entity = image && 'entity' in image ? image.entity.S : undefined;
  return filters.some((filter) => filter.eventName === record.eventName && filter.entity === entity);
}

/** Per handler, the records it completed while this instance lives: the most recent `capacity` of them, by stream id. */
class CompletedRecords {
  private readonly ids = new Set<string>();
  constructor(private readonly capacity: number) {}

  private key = (handler: string, record: DynamoDBRecord) => (record.eventID ? `${handler}|${record.eventID}` : undefined);

  has(handler: string, record: DynamoDBRecord): boolean {
    const key = this.key(handler, record);
    return key !== undefined && this.ids.has(key);
  }

  add(handler: string, record: DynamoDBRecord): void {
    const key = this.key(handler, record);
    if (key === undefined) return; // a record without the stream's id (made up by a test) is never taken for done
    this.ids.add(key);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
  }
}

/** Records remembered as done, per instance: a few batches' worth for each handler. */
const REMEMBERED = 50_000;

/**
 * A dispatcher over `handlers`: runs each on the records it takes (skipping those it completed before),
 * all at once, and resolves the records any of them failed on, in stream order.
 */
export function dispatcher(handlers: readonly RoutedHandler[], remembered = REMEMBERED): (records: DynamoDBRecord[]) => Promise<DynamoDBRecord[]> {
  const completed = new CompletedRecords(remembered);
  return async (records) => {
    const failed = new Set<DynamoDBRecord>();
    // Per handler: its records, how long it took, how many failed (one log line per batch).
    const report: Record<string, { records: number; ms: number; failed: number }> = {};
    await Promise.all(
      handlers.map(async ({ name, filters, handle }) => {
        const mine = records.filter((record) => takes(filters, record) && !completed.has(name, record));
        if (!mine.length) return;
        const started = Date.now();
        let failedHere: DynamoDBRecord[];
        try {
          failedHere = await handle(mine);
        } catch (error) {
          log('error', `stream handler ${name} failed on its whole batch; its records will be delivered again`, { records: mine.length, ...errorFields(error) });
          failedHere = mine;
        }
        const failedSet = new Set(failedHere);
        for (const record of mine) {
          if (failedSet.has(record)) failed.add(record);
          else completed.add(name, record);
        }
        report[name] = { records: mine.length, ms: Date.now() - started, failed: failedSet.size };
      }),
    );
    if (Object.keys(report).length) log('info', 'stream batch dispatched', { records: records.length, handlers: report });
    return records.filter((record) => failed.has(record));
  };
}

/** What the consumer keeps of its invocation's time to report the records that failed before the cut-off. */
const REPORT_MARGIN_MS = 3_000;

const handleOf: Record<keyof typeof streamHandlers, StreamHandler> = { reminders: handleReminders, push: handlePush, liveCards: handleLiveCards, crowd: handleCrowd, poolTotals: handlePoolTotals };
const dispatch = dispatcher(Object.entries(streamHandlers).map(([name, filters]) => ({ name, filters, handle: handleOf[name as keyof typeof streamHandlers] })));

export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  const end = startInvocation(context, context.awsRequestId);
  try {
    // Waits out every race a handler's writes lose while it has time (platform/time-left.ts): a notice on
    // a bettor's items meets the settlements writing to them, and a failed record holds up the shard.
    const failed = await withTimeLeft(context.getRemainingTimeInMillis() - REPORT_MARGIN_MS, () => dispatch(event.Records), { waitsOutRaces: true });
    if (failed.length) log('warn', 'stream batch: records failed, reported for delivery again', { records: event.Records.length, failed: failed.length, from: recordId(failed[0]) });
    return { batchItemFailures: failed.map((record) => ({ itemIdentifier: recordId(record) })) };
  } finally {
    flushMetrics();
    end();
  }
}
