import { MSG } from '#shared/messages.ts';
import { apiHandler } from '#functions/lib/api.ts';
import { markAllNotificationsRead } from '#functions/domain/notifications.ts';

export const handler = apiHandler({}, async ({ caller }) => ({ data: await markAllNotificationsRead(caller.userId), message: MSG.allNotificationsRead }));
