// Sending to an SQS queue. The endpoint comes from AWS_ENDPOINT_URL_SQS when set (the local gateway).
// Each queue's message and producer live in the context that owns the queue (settlement/settlement-queue.ts,
// exports/export-queue.ts, live/crowd-queue.ts); each reads its queue's URL variable by name, so a
// function's bundle names only the queues it sends to (tests/infra/needs.test.ts).
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

let client: SQSClient | undefined;

/** Sends `message` as JSON to the queue at `queueUrl` (`urlEnv` names its variable, for the error), after `delaySeconds` (SQS: at most 900). */
export async function sendToQueue(urlEnv: string, queueUrl: string | undefined, message: object, delaySeconds = 0): Promise<void> {
  if (!queueUrl) throw new Error(`${urlEnv} is not set`);
  client ??= new SQSClient({});
  await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds || undefined }));
}
