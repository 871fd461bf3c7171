// Queue producers (SQS). The endpoint comes from AWS_ENDPOINT_URL_SQS when set (the local gateway);
// each queue's URL from its manifest entry's environment variable (shared/routes.ts `queues`), read by
// name in its own producer, so a function's bundle names only the queues it sends to (tests/infra/needs.test.ts).
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';

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
  await send('SETTLEMENT_QUEUE_URL', process.env.SETTLEMENT_QUEUE_URL, message, delaySeconds);
}

/** The export worker's message: write this job's CSV (functions/exports/handlers/export-tournament.ts). */
export const exportMessageSchema = z.object({ tournamentId: z.uuid(), exportId: z.uuid() });
export type ExportMessage = z.infer<typeof exportMessageSchema>;

/** Asks the export worker to write the job's file (safe to repeat: the worker writes one file per job). */
export async function queueExport(message: ExportMessage): Promise<void> {
  await send('EXPORT_QUEUE_URL', process.env.EXPORT_QUEUE_URL, message);
}

/**
 * The crowd broadcaster's message: broadcast this event's split once the coalescing window has passed,
 * if the trailing broadcast asked for at `due` (functions/data/crowd.ts trailingDue) is still wanted.
 */
export const crowdBroadcastMessageSchema = z.object({ eventId: z.uuid(), due: z.number().int().positive() });
export type CrowdBroadcastMessage = z.infer<typeof crowdBroadcastMessageSchema>;

/** Asks the crowd broadcaster for a trailing broadcast after `delaySeconds` (safe to repeat: one claim wins). */
export async function queueCrowdBroadcast(message: CrowdBroadcastMessage, delaySeconds: number): Promise<void> {
  await send('CROWD_QUEUE_URL', process.env.CROWD_QUEUE_URL, message, delaySeconds);
}

async function send(urlEnv: string, queueUrl: string | undefined, message: object, delaySeconds = 0): Promise<void> {
  if (!queueUrl) throw new Error(`${urlEnv} is not set`);
  client ??= new SQSClient({});
  await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds || undefined }));
}
