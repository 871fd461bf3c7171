// The crowd queue: its message and its producer (the worker: live/handlers/crowd-broadcast.ts).
import * as z from 'zod';
import { sendToQueue } from '#functions/platform/queue.ts';

/**
 * The crowd broadcaster's message: broadcast this event's split once the coalescing window has passed,
 * if the trailing broadcast asked for at `due` (functions/data/crowd.ts trailingDue) is still wanted.
 */
export const crowdBroadcastMessageSchema = z.object({ eventId: z.uuid(), due: z.number().int().positive() });
export type CrowdBroadcastMessage = z.infer<typeof crowdBroadcastMessageSchema>;

/** Asks the crowd broadcaster for a trailing broadcast after `delaySeconds` (safe to repeat: one claim wins). */
export async function queueCrowdBroadcast(message: CrowdBroadcastMessage, delaySeconds: number): Promise<void> {
  await sendToQueue('CROWD_QUEUE_URL', process.env.CROWD_QUEUE_URL, message, delaySeconds);
}
