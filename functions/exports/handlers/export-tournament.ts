// The export worker: fed by the export queue (SQS), one record per export job. It writes the job's CSV
// (functions/exports/tournament-export.ts) and marks the job ready; a failed record is reported back for
// SQS to deliver again, and on its last delivery the job is marked failed so the console stops waiting.
// A job already ended is left alone, and each job has one S3 key, so a redelivery never makes a second file.
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { MAX_RECEIVE_COUNT } from '#shared/queue-settings.ts';
import { errorFields, log, startInvocation } from '#functions/platform/logger.ts';
import { flushMetrics } from '#functions/platform/metrics.ts';
import { exportMessageSchema } from '#functions/platform/queue.ts';
import { failExport, runExport } from '#functions/exports/tournament-export.ts';

function parseMessage(body: string) {
  try {
    return exportMessageSchema.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}

export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchItemFailure[] = [];
  for (const record of event.Records) {
    const end = startInvocation(context, record.messageId);
    try {
      if (!(await exportJob(record))) batchItemFailures.push({ itemIdentifier: record.messageId });
    } finally {
      flushMetrics();
      end();
    }
  }
  return { batchItemFailures };
}

/** Writes the record's export; false when it failed and should be delivered again. */
async function exportJob(record: SQSRecord): Promise<boolean> {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount);
  const fields = { messageId: record.messageId, receiveCount };
  const message = parseMessage(record.body);
  if (!message) {
    log('error', 'export message dropped: not {tournamentId, exportId}', { ...fields, body: record.body.slice(0, 200) });
    return true;
  }
  try {
    const startedAt = Date.now();
    const result = await runExport(message.tournamentId, message.exportId);
    log('info', `export ${result.status}`, { ...fields, ...message, rows: result.rows, ms: Date.now() - startedAt });
    return true;
  } catch (error) {
    const last = receiveCount >= MAX_RECEIVE_COUNT;
    log('error', last ? 'export failed for good' : 'export failed; will be retried', { ...fields, ...message, ...errorFields(error) });
    if (!last) return false;
    await failExport(message.tournamentId, message.exportId);
    return true;
  }
}
