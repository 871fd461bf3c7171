// The frame of every queue worker (SQS), on Powertools' batch processing: each record in turn, its log
// lines correlated by its message id and its metrics flushed, and the records whose work failed reported
// back (partial batch response) for SQS to deliver again, in seconds rather than after the queue's
// visibility timeout (redeliveryDelaySeconds, docs/deploy.md "Queues"); a message no schema reads is
// logged and dropped, since delivering it again would fail again. The work waits out every race it loses
// with a transaction while it has time (platform/time-left.ts).
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { redeliveryDelaySeconds } from '#shared/queue-settings.ts';
import { errorFields, log, startInvocation } from './logger.ts';
import { flushMetrics } from './metrics.ts';
import { deliverAgainIn } from './queue.ts';
import { withTimeLeft } from './time-left.ts';

/** What a worker keeps of its invocation's time to report its failures (and ask for them back soon) before the cut-off. */
const REPORT_MARGIN_MS = 5_000;

/** The log fields that name a record: its message id and how often it was delivered. */
export const recordFields = (record: SQSRecord) => ({ messageId: record.messageId, receiveCount: Number(record.attributes.ApproximateReceiveCount) });

/** Thrown for a record whose work asked to be delivered again: the processor reports it as failed. */
class DeliverAgain extends Error {}

/**
 * A queue worker's handler. `perInvocation` runs once per invocation (its time budget, say) and gives the
 * work of one record: its parsed message in, true once done (or not worth doing again), false (or a
 * throw) to have it delivered again.
 */
export function queueWorker<T>(
  schema: z.ZodType<T>,
  perInvocation: (context: Context) => (message: T, record: SQSRecord) => Promise<boolean>,
): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  return async (event, context) => {
    // One processor per invocation: it keeps the batch's state in the invocation's own store (Lambda
    // Managed Instances run invocations at once), so it cannot be built outside one.
    const processor = new BatchProcessor(EventType.SQS);
    const work = perInvocation(context);
    const handleRecord = async (record: SQSRecord) => {
      const end = startInvocation(context, record.messageId);
      try {
        const message = parseMessage(schema, record.body);
        if (message === undefined) log('error', 'queue message dropped: not of its queue\'s shape', { ...recordFields(record), body: record.body.slice(0, 200) });
        else if (!(await withTimeLeft(context.getRemainingTimeInMillis() - REPORT_MARGIN_MS, () => work(message, record), { waitsOutRaces: true }))) {
          throw new DeliverAgain(record.messageId);
        }
      } catch (error) {
        // The processor counts a thrown record as failed and says nothing: the log says why.
        if (!(error instanceof DeliverAgain)) log('error', 'queue record failed; it will be delivered again', { ...recordFields(record), ...errorFields(error) });
        await soonAgain(record);
        throw error;
      } finally {
        flushMetrics();
        end();
      }
    };
    // In turn, not in parallel: a worker's time budget is shared by its records. A batch that failed whole
    // is answered as such rather than thrown, so every worker reports failures the same way.
    return processPartialResponse(event, handleRecord, processor, { context, processInParallel: false, throwOnFullBatchFailure: false });
  };
}

/**
 * Has SQS deliver a failed record again in seconds (more each time), not after the queue's visibility
 * timeout of six times the worker's; if SQS cannot be asked, the visibility timeout still brings it back.
 */
async function soonAgain(record: SQSRecord): Promise<void> {
  const seconds = redeliveryDelaySeconds(Number(record.attributes.ApproximateReceiveCount));
  try {
    await deliverAgainIn(record, seconds);
  } catch (error) {
    log('warn', 'could not bring a failed queue record back sooner; it comes back after the visibility timeout', { ...recordFields(record), ...errorFields(error) });
  }
}

function parseMessage<T>(schema: z.ZodType<T>, body: string): T | undefined {
  try {
    return schema.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}
