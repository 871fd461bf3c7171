import { MSG } from '#shared/messages.ts';
import { idParamsSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { optOut } from '#functions/reminders/reminder-opt-ins.ts';

export const handler = apiHandler({ params: idParamsSchema }, async ({ caller, params }) => ({
  data: await optOut(caller.userId, params.id),
  message: MSG.reminderOptedOut,
}));
