// Queue producers (SQS). The endpoint comes from AWS_ENDPOINT_URL_SQS when set (the local gateway);
// each queue's URL from its manifest entry's environment variable (shared/routes.ts `queues`).
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { config } from './config.ts';

let client: SQSClient | undefined;

/**
 * The settlement worker's message: which event to settle; `correction` (its generation) to settle it
 * again by a corrected outcome; `sweep` for the late pass that runs once no bet placed before the result
 * (or a settlement that read the old outcome) can still commit (see the worker).
 */
export const settlementMessageSchema = z.object({ eventId: z.uuid(), correction: z.number().int().positive().optional(), sweep: z.literal(true).optional() });
export type SettlementMessage = z.infer<typeof settlementMessageSchema>;

/** Asks the settlement worker to settle this event (safe to repeat: settlement is idempotent), after `delaySeconds` (SQS: at most 900). */
export async function queueSettlement(message: SettlementMessage, delaySeconds = 0): Promise<void> {
  const queueUrl = config().settlementQueueUrl;
  if (!queueUrl) throw new Error('SETTLEMENT_QUEUE_URL is not set');
  client ??= new SQSClient({});
  await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds || undefined }));
}
