// The settlement queue: its message and its producer (the worker: settlement/handlers/settle-event.ts).
import * as z from 'zod';
import { sendToQueue } from '#functions/platform/queue.ts';

/**
 * The settlement worker's message: which event to settle; `correction` (its generation) to settle it
 * again by a corrected outcome; `sweep` for the late pass that runs once no bet placed before the result
 * (or a settlement that read the old outcome) can still commit (see the worker).
 */
export const settlementMessageSchema = z.object({ eventId: z.uuid(), correction: z.number().int().positive().optional(), sweep: z.literal(true).optional() });
export type SettlementMessage = z.infer<typeof settlementMessageSchema>;

/** Asks the settlement worker to settle this event (safe to repeat: settlement is idempotent), after `delaySeconds` (SQS: at most 900). */
export async function queueSettlement(message: SettlementMessage, delaySeconds = 0): Promise<void> {
  await sendToQueue('SETTLEMENT_QUEUE_URL', process.env.SETTLEMENT_QUEUE_URL, message, delaySeconds);
}
