import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { exportTournament } from '#functions/domain/tournament-export.ts';

// The CSV is written to S3 as it is read; the answer is its short-lived download link.
export const handler = apiHandler({ params: idParamsSchema }, async ({ params, caller }) => ({
  data: await exportTournament(caller, params.id),
  message: MSG.exportReady,
}));
