// The organiser export is a job: POST /admin/tournaments/{id}/export starts it (or answers the running one),
// GET …/export/{exportId} tells its state and, once ready, a short-lived download link.
import { MSG } from '#shared/messages.ts';
import type { ExportJob } from '#shared/api.ts';
import { ApiError, apiClient } from '../../../../lib/api-client.ts';

/** How often the console asks whether the file is ready. */
export const EXPORT_POLL_MS = 1000;

const exportPath = (tournamentId: string) => `/admin/tournaments/${encodeURIComponent(tournamentId)}/export`;

/** Starts the export and waits for its file: the ready job, with its link. A job the worker gave up on is refused with its message. */
export async function prepareExport(tournamentId: string, pollMs = EXPORT_POLL_MS): Promise<ExportJob> {
  const { exportId } = await apiClient.post<{ exportId: string }>(exportPath(tournamentId));
  for (;;) {
    const job = await apiClient.get<ExportJob>(`${exportPath(tournamentId)}/${encodeURIComponent(exportId)}`);
    if (job.status === 'ready') return job;
    // Shown as the server's refusals are (the answer itself was a 200 saying the job failed).
    if (job.status === 'failed') throw new ApiError(502, MSG.exportFailed);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
