// The frame of every queue worker (SQS), on Powertools' batch processing: each record in turn, its log
// lines correlated by its message id and its metrics flushed, and the records whose work failed reported
// back (partial batch response) for SQS to deliver again; a message no schema reads is logged and
// dropped, since delivering it again would fail again.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { errorFields, log, startInvocation } from './logger.ts';
import { flushMetrics } from './metrics.ts';

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
        else if (!(await work(message, record))) throw new DeliverAgain(record.messageId);
      } catch (error) {
        // The processor counts a thrown record as failed and says nothing: the log says why.
        if (!(error instanceof DeliverAgain)) log('error', 'queue record failed; it will be delivered again', { ...recordFields(record), ...errorFields(error) });
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

function parseMessage<T>(schema: z.ZodType<T>, body: string): T | undefined {
  try {
    return schema.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}
