// Queue producers (SQS). The endpoint comes from AWS_ENDPOINT_URL_SQS when set (the local gateway);
// each queue's URL from its manifest entry's environment variable (shared/routes.ts `queues`).
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { config } from './config.ts';

let client: SQSClient | undefined;

/** The settlement worker's message: which event to settle. */
export const settlementMessageSchema = z.object({ eventId: z.uuid() });
export type SettlementMessage = z.infer<typeof settlementMessageSchema>;

/** Asks the settlement worker to settle this event (safe to repeat: settlement is idempotent). */
export async function queueSettlement(eventId: string): Promise<void> {
  const queueUrl = config().settlementQueueUrl;
  if (!queueUrl) throw new Error('SETTLEMENT_QUEUE_URL is not set');
  client ??= new SQSClient({});
  const message: SettlementMessage = { eventId };
  await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
}
