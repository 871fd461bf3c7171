// The frame of every queue worker (SQS): each record in turn, its log lines correlated by its message id
// and its metrics flushed, and the records whose work failed reported back (partial batch response) for
// SQS to deliver again; a message no schema reads is logged and dropped, since delivering it again would
// fail again.
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { log, startInvocation } from './logger.ts';
import { flushMetrics } from './metrics.ts';

/** The log fields that name a record: its message id and how often it was delivered. */
export const recordFields = (record: SQSRecord) => ({ messageId: record.messageId, receiveCount: Number(record.attributes.ApproximateReceiveCount) });

/**
 * A queue worker's handler. `perInvocation` runs once per invocation (its time budget, say) and gives the
 * work of one record: its parsed message in, true once done (or not worth doing again), false to have it
 * delivered again.
 */
export function queueWorker<T>(
  schema: z.ZodType<T>,
  perInvocation: (context: Context) => (message: T, record: SQSRecord) => Promise<boolean>,
): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  return async (event, context) => {
    const work = perInvocation(context);
    const batchItemFailures: SQSBatchItemFailure[] = [];
    for (const record of event.Records) {
      const end = startInvocation(context, record.messageId);
      try {
        const message = parseMessage(schema, record.body);
        if (message === undefined) log('error', 'queue message dropped: not of its queue\'s shape', { ...recordFields(record), body: record.body.slice(0, 200) });
        else if (!(await work(message, record))) batchItemFailures.push({ itemIdentifier: record.messageId });
      } finally {
        flushMetrics();
        end();
      }
    }
    return { batchItemFailures };
  };
}

function parseMessage<T>(schema: z.ZodType<T>, body: string): T | undefined {
  try {
    return schema.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}
