import { MSG } from '#shared/messages.ts';
import { apiHandler } from '#functions/http/api.ts';
import { markAllNotificationsRead } from '#functions/notifications/inbox.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await markAllNotificationsRead(caller.userId), message: MSG.allNotificationsRead }));
