import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { optInState } from '#functions/reminders/reminder-opt-ins.ts';

/** Whether the caller opted in to the tournament's betting reminders (the tournament page's toggle). */
export const handler = apiHandler({ params: idParamsSchema }, async ({ caller, params }) => ({
  data: await optInState(caller.userId, params.id),
}));
