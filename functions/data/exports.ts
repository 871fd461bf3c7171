// Organiser export jobs: each CSV a worker writes to S3, and the one still running per tournament.
// Access patterns:
//   an export job (state, rows, when)  -> GetItem  pk=TOURNAMENT#<id>  sk=EXPORT#<exportId>  (status pending ->
//                                         ready | failed, once: condition status = pending), ttl a day, as its file
//   the tournament's running export    -> pk=TOURNAMENT#<id>  sk=EXPORT_RUNNING  (exportId, startedAt): put in one
//                                         transaction with the job (condition: none, or one older than an hour), so
//                                         a second start reuses the running job; deleted when the job ends
//                                         (condition: still this job)
import { GetCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EXPORT_RETENTION_DAYS } from '#shared/tournament-export.ts';
import { conditionFailedAt, db, isConditionFailed, nowSeconds, recordOf, tableName, transactWrite } from '#functions/platform/dynamodb.ts';

export type ExportStatus = 'pending' | 'ready' | 'failed';

export interface ExportRecord {
  exportId: string;
  tournamentId: string;
  status: ExportStatus;
  requestedBy: string;
  startedAt: string;
  /** Bet rows written (ready). */
  rows?: number;
  finishedAt?: string;
  /** The CSV's S3 key and download name (ready). */
  key?: string;
  fileName?: string;
}

/** A running export older than this is taken as lost (its messages dead-lettered): a new start replaces it. */
export const RUNNING_EXPORT_STALE_SECONDS = 60 * 60;

const tournamentPk = (tournamentId: string) => `TOURNAMENT#${tournamentId}`;
const jobKey = (tournamentId: string, exportId: string) => ({ pk: tournamentPk(tournamentId), sk: `EXPORT#${exportId}` });
const runningKey = (tournamentId: string) => ({ pk: tournamentPk(tournamentId), sk: 'EXPORT_RUNNING' });
const expiry = () => nowSeconds() + EXPORT_RETENTION_DAYS * 24 * 60 * 60;

/**
 * Records a new pending job as the tournament's running export, unless one is running already: then
 * answers that one's id and `reused`.
 */
export async function startJob(job: Pick<ExportRecord, 'exportId' | 'tournamentId' | 'requestedBy' | 'startedAt'>): Promise<{ exportId: string; reused: boolean }> {
  const ttl = expiry();
  const staleBefore = new Date(Date.parse(job.startedAt) - RUNNING_EXPORT_STALE_SECONDS * 1000).toISOString();
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...runningKey(job.tournamentId), entity: 'export-running', exportId: job.exportId, startedAt: job.startedAt, ttl },
          ConditionExpression: 'attribute_not_exists(pk) OR startedAt < :staleBefore',
          ExpressionAttributeValues: { ':staleBefore': staleBefore },
        },
      },
      { Put: { TableName: tableName(), Item: { ...jobKey(job.tournamentId, job.exportId), entity: 'export', ...job, status: 'pending', ttl } } },
    ]);
    return { exportId: job.exportId, reused: false };
  } catch (error) {
    if (!conditionFailedAt(error, 0)) throw error;
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: runningKey(job.tournamentId), ConsistentRead: true }));
    // Ended between the two calls: start again (a new running item can be put now).
    if (!Item) return startJob(job);
    return { exportId: Item.exportId as string, reused: true };
  }
}

export async function getJob(tournamentId: string, exportId: string): Promise<ExportRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: jobKey(tournamentId, exportId), ConsistentRead: true }));
  return Item && recordOf<ExportRecord>(Item);
}

/**
 * Ends a pending job (ready with its file, or failed) once; false when it had already ended (a
 * redelivered message). Either way the tournament's running item no longer names it.
 */
export async function finishJob(
  tournamentId: string,
  exportId: string,
  outcome: { status: 'ready'; rows: number; key: string; fileName: string } | { status: 'failed' },
  finishedAt: string,
): Promise<boolean> {
  const fields: Record<string, unknown> = { ...outcome, finishedAt };
  const names = Object.keys(fields);
  let finished = true;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(tournamentId, exportId),
        UpdateExpression: `SET ${names.map((name, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])), '#status': 'status' },
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])), ':pending': 'pending' },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    finished = false;
  }
  await clearRunning(tournamentId, exportId);
  return finished;
}

/** Deletes the tournament's running item if it still names this job. */
export async function clearRunning(tournamentId: string, exportId: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: runningKey(tournamentId),
        ConditionExpression: 'exportId = :exportId',
        ExpressionAttributeValues: { ':exportId': exportId },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
