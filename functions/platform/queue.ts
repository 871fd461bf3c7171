// Sending to an SQS queue, and asking it to deliver a failed record again soon. The endpoint comes from
// AWS_ENDPOINT_URL_SQS when set (the local gateway).
// Each queue's message and producer live in the context that owns the queue (settlement/settlement-queue.ts,
// exports/export-queue.ts, live/crowd-queue.ts); each reads its queue's URL variable by name, so a
// function's bundle names only the queues it sends to (tests/infra/needs.test.ts).
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';

let client: SQSClient | undefined;
// The endpoint is the configured one (the local gateway's, or the Region's), never a QueueUrl's host: a
// record's queue URL is built from its ARN in AWS's form (queueUrlOf), which locally names the same queue.
const sqs = () => (client ??= new SQSClient({ useQueueUrlAsEndpoint: false }));

/** Sends `message` as JSON to the queue at `queueUrl` (`urlEnv` names its variable, for the error), after `delaySeconds` (SQS: at most 900). */
export async function sendToQueue(urlEnv: string, queueUrl: string | undefined, message: object, delaySeconds = 0): Promise<void> {
  if (!queueUrl) throw new Error(`${urlEnv} is not set`);
  await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds || undefined }));
}

/** The URL of the queue with this ARN (arn:aws:sqs:<region>:<account>:<name>), in SQS's own form. */
export function queueUrlOf(arn: string): string {
  const [, , , region, account, name] = arn.split(':');
  if (!region || !account || !name) throw new Error(`Not an SQS queue ARN: ${arn}`);
  return `https://sqs.${region}.amazonaws.com/${account}/${name}`;
}

/**
 * Hides a record its worker is failing for `seconds` from now, so SQS delivers it again then (the event
 * source mapping leaves a failed record's visibility as it is). The worker's role may: the event source
 * grants its function ChangeMessageVisibility on the queue.
 */
export async function deliverAgainIn(record: SQSRecord, seconds: number): Promise<void> {
  await sqs().send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrlOf(record.eventSourceARN), ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }));
}
