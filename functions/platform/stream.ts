// Reading table stream records (shared/routes.ts `streamConsumers`): an item's images as plain objects.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { errorFields, log, startInvocation } from './logger.ts';
import { flushMetrics } from './metrics.ts';

export type StreamImage = Record<string, unknown> & { entity?: string };

const image = (raw: unknown): StreamImage | undefined => (raw ? (unmarshall(raw as Record<string, AttributeValue>) as StreamImage) : undefined);

/** The item before and after the change (before: absent for an insert; after: absent for a removal). */
export function imagesOf(record: DynamoDBRecord): { before?: StreamImage; after?: StreamImage } {
  return { before: image(record.dynamodb?.OldImage), after: image(record.dynamodb?.NewImage) };
}

/** The id Lambda's partial batch response names a record by. */
export const recordId = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? '';

/**
 * A stream consumer that handles its batch as one: when `handle` throws, the whole batch is delivered
 * again (so what it does must be idempotent), after `failureMessage` is logged.
 */
export function wholeBatchHandler(failureMessage: string, handle: (records: DynamoDBRecord[]) => Promise<void>) {
  return async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> => {
    const end = startInvocation(context, context.awsRequestId);
    try {
      await handle(event.Records);
      return { batchItemFailures: [] };
    } catch (error) {
      log('error', failureMessage, errorFields(error));
      throw error;
    } finally {
      flushMetrics();
      end();
    }
  };
}
