// A new notice posted to the open WebSockets of its user: the screens open now show it at once.
import type { NotificationPush } from '#shared/api.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { postToConnection } from '#functions/platform/socket-posts.ts';
import * as connections from '#functions/data/connections.ts';
import { liveConnections } from './connections.ts';
import { publicNotification } from './inbox.ts';
import type { Notice } from './notice-texts.ts';

/**
 * Posts the notice to each open connection of its user whose session is still open (a socket of an
 * ended session is closed instead). Never throws: the change is committed already.
 */
export async function postNoticeToSockets(notice: Notice): Promise<void> {
  const message: NotificationPush = { event: 'notification', data: publicNotification({ ...notice, isReaded: false }) };
  try {
    await Promise.all(
      (await liveConnections(notice.userId)).map(async (connection) => {
        if ((await postToConnection(connection.connectionId, JSON.stringify(message))) === 'gone') {
          await connections.deleteConnection(connection);
        }
      }),
    );
  } catch (error) {
    log('warn', 'notification push failed', { userId: notice.userId, causeId: notice.causeId, ...errorFields(error) });
  }
}
