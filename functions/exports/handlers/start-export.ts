import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { startExport } from '#functions/exports/export-jobs.ts';

// The CSV is written by the export worker; the answer is the job to poll (the running one if there is one).
export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({
  data: await startExport(caller, params.id),
  statusCode: 202,
  message: MSG.exportStarted,
}));
