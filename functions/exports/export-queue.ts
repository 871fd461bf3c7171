// The export queue: its message and its producer (the worker: exports/handlers/export-tournament.ts).
import * as z from 'zod';
import { sendToQueue } from '#functions/platform/queue.ts';

/** The export worker's message: write this job's CSV (functions/exports/handlers/export-tournament.ts). */
export const exportMessageSchema = z.object({ tournamentId: z.uuid(), exportId: z.uuid() });
export type ExportMessage = z.infer<typeof exportMessageSchema>;

/** Asks the export worker to write the job's file (safe to repeat: the worker writes one file per job). */
export async function queueExport(message: ExportMessage): Promise<void> {
  await sendToQueue('EXPORT_QUEUE_URL', process.env.EXPORT_QUEUE_URL, message);
}
