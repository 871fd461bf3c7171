// Reading table stream records (shared/routes.ts `streamHandlers`): an item's images as plain objects, and
// the shape of a stream handler.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { errorFields, log } from './logger.ts';

export type StreamImage = Record<string, unknown> & { entity?: string };

const image = (raw: unknown): StreamImage | undefined => (raw ? (unmarshall(raw as Record<string, AttributeValue>) as StreamImage) : undefined);

/** The item before and after the change (before: absent for an insert; after: absent for a removal). */
export function imagesOf(record: DynamoDBRecord): { before?: StreamImage; after?: StreamImage } {
  return { before: image(record.dynamodb?.OldImage), after: image(record.dynamodb?.NewImage) };
}

/** The id Lambda's partial batch response names a record by. */
export const recordId = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? '';

/**
 * One kind of the table stream's work (a module of functions/stream/, routed by shared/routes.ts
 * `streamHandlers`): given the records its filters pass, in stream order, it does its work and resolves
 * the records it failed on (none: all done); throwing fails them all. The stream delivers the failed
 * records again, and with them every record after the first failure, whichever handler failed: what a
 * handler does must be idempotent.
 */
export type StreamHandler = (records: DynamoDBRecord[]) => Promise<DynamoDBRecord[]>;

/** Runs `work` on each of `items`, `limit` at a time, all of them whatever fails; resolves the items that failed (each logged). */
export async function failuresOf<T>(items: readonly T[], limit: number, failureMessage: string, work: (item: T) => Promise<void>, fields: (item: T) => Record<string, unknown>): Promise<T[]> {
  const failed: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        log('error', failureMessage, { ...fields(item), ...errorFields(error) });
        failed.push(item);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return failed;
}
