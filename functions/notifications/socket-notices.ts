// A new notice posted to the open WebSockets of its user: the screens open now show it at once.
import type { NotificationPush } from '#shared/api.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { postToConnection } from '#functions/platform/socket-posts.ts';
import type { ConnectionRecord } from '#functions/data/connections.ts';
import { forgetSocket, liveConnections } from './connections.ts';
import { publicNotification } from './inbox.ts';
import type { Notice } from './notice-texts.ts';

/**
 * Posts each notice to the open connections of its user whose session is still open (a socket of an
 * ended session is closed instead), the sessions of all of them read at once. Never throws: the change
 * is committed already.
 */
export async function postNoticesToSockets(notices: readonly Notice[]): Promise<void> {
  if (notices.length === 0) return;
  try {
    const live = await liveConnections(notices.map((notice) => notice.userId));
    await Promise.all(notices.map((notice) => postToUser(notice, live.get(notice.userId) ?? [])));
  } catch (error) {
    log('warn', 'notification push failed', { userIds: notices.map((notice) => notice.userId), ...errorFields(error) });
  }
}

async function postToUser(notice: Notice, open: readonly ConnectionRecord[]): Promise<void> {
  const message: NotificationPush = { event: 'notification', data: publicNotification({ ...notice, isReaded: false }) };
  try {
    await Promise.all(
      open.map(async (connection) => {
        if ((await postToConnection(connection.connectionId, JSON.stringify(message))) === 'gone') {
          await forgetSocket(connection);
        }
      }),
    );
  } catch (error) {
    log('warn', 'notification push failed', { userId: notice.userId, causeId: notice.causeId, ...errorFields(error) });
  }
}
