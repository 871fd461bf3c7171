// The organiser's export of a tournament, as a job: the organiser starts it (a running one is reused),
// the export worker writes the file (its rows: export-csv.ts, streamed into S3 by platform/s3-csv-upload.ts),
// and the organiser polls its state, which once ready carries a short-lived presigned link.
import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ExportJob } from '#shared/api.ts';
import { EXPORT_LINK_SECONDS, EXPORT_PREFIX } from '#shared/tournament-export.ts';
import { config } from '#functions/platform/config.ts';
import { s3 } from '#functions/platform/s3.ts';
import { uploadCsv } from '#functions/platform/s3-csv-upload.ts';
import * as exportJobs from '#functions/data/exports.ts';
import * as tournaments from '#functions/data/tournaments.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { type Actor, authoriseTournament } from '#functions/catalog/organisers.ts';
import { type ExportOptions, neutraliseFormula, writeExportRows } from './export-csv.ts';
import { queueExport } from './export-queue.ts';

/**
 * Starts an export of the tournament, or answers the one already running (queued again: a lost message
 * is repaired by starting again, and the worker writes one file per job). Operators, or its organisers.
 */
export async function startExport(actor: Actor, tournamentId: string): Promise<{ exportId: string }> {
  await authoriseTournament(actor, tournamentId);
  if (!(await tournaments.getTournament(tournamentId))) throw new DomainError('tournament-not-found');
  const { exportId } = await exportJobs.startJob({ exportId: randomUUID(), tournamentId, requestedBy: actor.userId, startedAt: new Date().toISOString() });
  await queueExport({ tournamentId, exportId });
  return { exportId };
}

/** An export job's state; once ready, a fresh presigned link to its file. Operators, or the tournament's organisers. */
export async function exportState(actor: Actor, tournamentId: string, exportId: string): Promise<ExportJob> {
  await authoriseTournament(actor, tournamentId);
  const job = await exportJobs.getJob(tournamentId, exportId);
  if (!job) throw new DomainError('export-not-found');
  const state: ExportJob = { exportId, status: job.status, startedAt: job.startedAt, finishedAt: job.finishedAt, rows: job.rows };
  if (job.status !== 'ready' || !job.key || !job.fileName) return state;
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: config().avatarBucket, Key: job.key, ResponseContentDisposition: `attachment; filename="${job.fileName}"`, ResponseContentType: 'text/csv; charset=utf-8' }),
    { expiresIn: EXPORT_LINK_SECONDS },
  );
  return { ...state, url, fileName: job.fileName, expiresAt: new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString() };
}

/** Where a job's file goes: one key per job, so a redelivered message rewrites the same file. */
export const exportKey = (tournamentId: string, exportId: string) => `${EXPORT_PREFIX}${tournamentId}/${exportId}.csv`;

/**
 * The worker's part: writes the job's CSV and marks it ready. A job already ended (a message delivered
 * again) is left as it is; a tournament gone marks it failed.
 */
export async function runExport(tournamentId: string, exportId: string, options: ExportOptions = {}): Promise<{ status: exportJobs.ExportStatus; rows?: number }> {
  const job = await exportJobs.getJob(tournamentId, exportId);
  if (!job) return { status: 'failed' };
  if (job.status !== 'pending') {
    // Its running item may outlive it (the worker stopped between the two writes).
    await exportJobs.clearRunning(tournamentId, exportId);
    return { status: job.status, rows: job.rows };
  }
  const tournament = await tournaments.getTournament(tournamentId);
  if (!tournament) {
    await failExport(tournamentId, exportId);
    return { status: 'failed' };
  }
  const key = exportKey(tournamentId, exportId);
  const rows = await uploadCsv(key, neutraliseFormula, (write) => writeExportRows(tournamentId, write, options));
  const fileName = `${tournament.title.replace(/[^\w -]+/g, '').trim().replace(/\s+/g, '-') || 'tournament'}-bets.csv`;
  await exportJobs.finishJob(tournamentId, exportId, { status: 'ready', rows, key, fileName }, new Date().toISOString());
  return { status: 'ready', rows };
}

/** Marks the job failed (its worker gave up), so the console stops waiting and a new start runs afresh. */
export async function failExport(tournamentId: string, exportId: string): Promise<void> {
  await exportJobs.finishJob(tournamentId, exportId, { status: 'failed' }, new Date().toISOString());
}
