// The settlement queue: its message and its producer (the worker: settlement/handlers/settle-event.ts).
import * as z from 'zod';
import { ROUTE_TIMEOUT_SECONDS } from '#shared/routes.ts';
import { sendToQueue } from '#functions/platform/queue.ts';

/**
 * The settlement worker's message: which event to settle; `correction` (its generation) to settle it
 * again by a corrected outcome; `sweep` for the late pass that runs once no bet placed before the result
 * (or a settlement that read the old outcome) can still commit (see the worker). Or, with
 * `poolTournamentId`, the share of a tournament's winner pool (pool-sharing.ts).
 */
export const settlementMessageSchema = z.union([
  z.object({ eventId: z.uuid(), correction: z.number().int().positive().optional(), sweep: z.literal(true).optional() }),
  z.object({ poolTournamentId: z.uuid() }),
]);
export type SettlementMessage = z.infer<typeof settlementMessageSchema>;

/**
 * How long a share waits after the pool closed: past the longest a stake that read the pool open can take
 * to commit and accept itself (a function's timeout), so the share reads every stake in its final state.
 */
export const POOL_SHARE_DELAY_SECONDS = 3 * ROUTE_TIMEOUT_SECONDS;

/** Asks the settlement worker to share the pool (safe to repeat), soon enough after its close that no stake is still on its way. */
export async function queuePoolShare(tournamentId: string, closedAt: string | undefined): Promise<void> {
  const since = closedAt ? (Date.now() - Date.parse(closedAt)) / 1000 : 0;
  await queueSettlement({ poolTournamentId: tournamentId }, Math.max(0, Math.ceil(POOL_SHARE_DELAY_SECONDS - since)));
}

/** Asks the settlement worker to settle this event (safe to repeat: settlement is idempotent), after `delaySeconds` (SQS: at most 900). */
export async function queueSettlement(message: SettlementMessage, delaySeconds = 0): Promise<void> {
  await sendToQueue('SETTLEMENT_QUEUE_URL', process.env.SETTLEMENT_QUEUE_URL, message, delaySeconds);
}
