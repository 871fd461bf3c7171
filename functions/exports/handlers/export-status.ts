import { MSG } from '#shared/messages.ts';
import { exportParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { exportState } from '#functions/exports/export-jobs.ts';

// An export job's state; once ready, a fresh 5-minute download link.
export const handler = apiHandler({ params: exportParamsSchema }, async ({ params, caller }) => {
  const job = await exportState(caller, params.id, params.exportId);
  return { data: job, message: job.status === 'ready' ? MSG.exportReady : job.status === 'failed' ? MSG.exportFailed : MSG.exportStarted };
});
