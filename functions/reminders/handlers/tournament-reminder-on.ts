import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { optIn } from '#functions/reminders/reminder-opt-ins.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ caller, params }) => ({
  data: await optIn(caller.userId, params.id),
  message: MSG.reminderOptedIn,
}));
