// The live channel: a WebSocket to the API's /ws that joins the user's room and hands each pushed
// notification over. It reconnects after every drop (backoff with jitter) until stopped.
import type { NotificationPush, UserNotification } from '#shared/api.ts';
import { reconnectDelayMs } from './backoff.ts';

export interface NotificationSocketOptions {
  url: string;
  userId: string;
  onNotification: (notification: UserNotification) => void;
  /**
   * Runs before each reconnect: a drop may come from an expired access cookie (it authenticates the
   * upgrade), so the caller renews the session with an ordinary API call first.
   */
  beforeReconnect: () => Promise<unknown>;
  /** Runs once a reconnect succeeded: what was pushed meanwhile was missed, so the caller re-reads. */
  onReconnected: () => void;
}

/** The same origin's WebSocket endpoint (the access cookie goes along with the upgrade). */
export const notificationSocketUrl = (origin: string) => `${origin.replace(/^http/, 'ws')}/ws`;

function parsePush(data: unknown): UserNotification | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as Partial<NotificationPush>;
    return message.event === 'notification' && typeof message.data?.subject === 'string' ? message.data : null;
  } catch {
    return null;
  }
}

/** Opens the channel; the returned function closes it for good. */
export function openNotificationSocket(options: NotificationSocketOptions): () => void {
  let socket: WebSocket | null = null;
  let failedAttempts = 0;
  let hasBeenOpen = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    if (stopped) return;
    const current = new WebSocket(options.url);
    socket = current;
    current.onopen = () => {
      failedAttempts = 0;
      current.send(JSON.stringify({ action: 'join', userId: options.userId }));
      if (hasBeenOpen) options.onReconnected();
      hasBeenOpen = true;
    };
    current.onmessage = (message) => {
      const notification = parsePush(message.data);
      if (notification) options.onNotification(notification);
    };
    current.onclose = () => {
      if (stopped) return;
      const delay = reconnectDelayMs(failedAttempts++);
      retryTimer = setTimeout(() => void options.beforeReconnect().catch(() => {}).finally(connect), delay);
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    if (!socket) return;
    // Closing a socket that is still connecting makes the browser log an error: close it once open.
    if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket?.close();
    else socket.close();
  };
}
