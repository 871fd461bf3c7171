// Reading table stream records (shared/routes.ts `streamConsumers`): an item's images as plain objects.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

export type StreamImage = Record<string, unknown> & { entity?: string };

const image = (raw: unknown): StreamImage | undefined => (raw ? (unmarshall(raw as Record<string, AttributeValue>) as StreamImage) : undefined);

/** The item before and after the change (before: absent for an insert; after: absent for a removal). */
export function imagesOf(record: DynamoDBRecord): { before?: StreamImage; after?: StreamImage } {
  return { before: image(record.dynamodb?.OldImage), after: image(record.dynamodb?.NewImage) };
}

/** The id Lambda's partial batch response names a record by. */
export const recordId = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? '';
