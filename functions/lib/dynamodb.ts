// The one DynamoDB DocumentClient. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = () => config().tableName;

/** One item of a TransactWrite, so entity modules can offer pieces that the domain composes. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's transaction limit. */
export const MAX_TRANSACT_ITEMS = 100;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function isConditionFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled transaction, the cancellation code of each item in order ('None' or
 * 'ConditionalCheckFailed'...); undefined for any other error.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}
