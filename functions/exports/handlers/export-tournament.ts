// The export worker: fed by the export queue (SQS), one record per export job. It writes the job's CSV
// (functions/exports/tournament-export.ts) and marks the job ready; a failed record is reported back for
// SQS to deliver again, and on its last delivery the job is marked failed so the console stops waiting.
// A job already ended is left alone, and each job has one S3 key, so a redelivery never makes a second file.
import { MAX_RECEIVE_COUNT } from '#shared/queue-settings.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { exportMessageSchema } from '#functions/exports/export-queue.ts';
import { queueWorker, recordFields } from '#functions/platform/queue-worker.ts';
import { failExport, runExport } from '#functions/exports/export-jobs.ts';

/** Writes the message's export; false when it failed and should be delivered again. */
export const handler = queueWorker(exportMessageSchema, () => async (message, record) => {
  const fields = recordFields(record);
  try {
    const startedAt = Date.now();
    const result = await runExport(message.tournamentId, message.exportId);
    log('info', `export ${result.status}`, { ...fields, ...message, rows: result.rows, ms: Date.now() - startedAt });
    return true;
  } catch (error) {
    const last = fields.receiveCount >= MAX_RECEIVE_COUNT;
    log('error', last ? 'export failed for good' : 'export failed; will be retried', { ...fields, ...message, ...errorFields(error) });
    if (!last) return false;
    await failExport(message.tournamentId, message.exportId);
    return true;
  }
});
