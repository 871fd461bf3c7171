// The settlement worker: fed by the settlement queue (SQS), one record per decided event. A record
// that fails is reported back (partial batch response) for SQS to deliver again; settlement is
// idempotent, so a redelivery only finishes what is left.
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { errorFields, log } from '#functions/lib/logger.ts';
import { settlementMessageSchema } from '#functions/lib/queue.ts';
import { DomainError } from '#functions/domain/errors.ts';
import { settleEvent } from '#functions/domain/settlement.ts';

/** Time kept back from the Lambda's budget to report failures before it is cut off. */
const SAFETY_MS = 10_000;

function parseMessage(body: string) {
  try {
    return settlementMessageSchema.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}

export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const signal = AbortSignal.timeout(Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS));
  const batchItemFailures: SQSBatchItemFailure[] = [];
  for (const record of event.Records) {
    const fields = { messageId: record.messageId, receiveCount: record.attributes.ApproximateReceiveCount };
    const message = parseMessage(record.body);
    // Delivering these again would fail again: log and drop them.
    if (!message) {
      log('error', 'settlement message dropped: not {eventId}', { ...fields, body: record.body.slice(0, 200) });
      continue;
    }
    try {
      const report = await settleEvent(message.eventId, { signal });
      log('info', 'event settled', { ...fields, ...report });
    } catch (error) {
      if (error instanceof DomainError) {
        log('error', `settlement message dropped: ${error.code}`, { ...fields, eventId: message.eventId });
        continue;
      }
      log('error', 'settlement failed; will be retried', { ...fields, eventId: message.eventId, ...errorFields(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
