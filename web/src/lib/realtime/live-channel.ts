// The live channel: one WebSocket to the API's /ws for the whole app. A signed-in user joins their own
// room (notifications); any visitor watches the tournaments on screen (match cards). It reconnects after
// every drop (backoff with jitter) and at once when the device comes back online or the page becomes
// visible again (a phone waking up), and closes when nobody needs it.
import type { LivePush, NotificationPush, UserNotification, WatchReply } from '#shared/api.ts';
import { reconnectDelayMs } from './backoff.ts';

export interface ChannelUser {
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

export interface TournamentWatcher {
  /**
   * A pushed change of an event's state or crowd split; `asOfWatch` when it is the state the watch's reply
   * gave (every event of the tournament as it stood then, changed or not).
   */
  onPush: (push: LivePush, asOfWatch: boolean) => void;
  /** After a reconnect: pushes may have been missed, so the caller re-reads. */
  onReconnected?: () => void;
}

/** The same origin's WebSocket endpoint (the access cookie goes along with the upgrade). */
export const liveSocketUrl = (origin: string) => `${origin.replace(/^http/, 'ws')}/ws`;

/** How long an unneeded socket stays open, for the next page's watches. */
const IDLE_CLOSE_MS = 5_000;
/** Notifications remembered by id: one pushed to both sockets while signing in is shown once. */
const RECENT_NOTIFICATIONS = 50;
/**
 * How long a tournament's latest pushes are kept for a watcher that comes later. A page's parts start
 * watching one by one, each once its code has come and a frame is painted (a busy phone takes a second or
 * more): a result pushed to the socket before the last of them watched would not reach it, and that part
 * would show what it read before the result until the next reload. A watcher that comes after this asks
 * the server again (a page opened again later): its reply states every event as it stands.
 */
const LATE_WATCHER_MS = 10_000;

/** A push kept for late watchers, and whether it came with a watch's reply. */
interface Kept {
  push: LivePush;
  asOfWatch: boolean;
  at: number;
}

/** One push per event and kind is kept: each carries the whole state. */
const keyOf = (push: LivePush) => `${push.event}|${push.event === 'crowd' ? push.data.eventId : push.data._id}`;

/** Any message the server sends: a push (`event`) or a route's reply (`action`). */
type Message = { event?: string; action?: string };

function parse(data: unknown): Message | null {
  if (typeof data !== 'string') return null;
  try {
    const message: unknown = JSON.parse(data);
    return typeof message === 'object' && message !== null ? message : null;
  } catch {
    return null;
  }
}

export interface LiveChannel {
  /** Signs the channel in (or out, with null): the socket is opened again with the new cookie. */
  setUser(user: ChannelUser | null): void;
  /** Watches a tournament until the returned function is called. */
  watch(tournamentId: string, watcher: TournamentWatcher): () => void;
}

export function createLiveChannel(url: string, target: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'visibilityState' | 'addEventListener'> } = window): LiveChannel {
  let user: ChannelUser | null = null;
  const watchers = new Map<string, Set<TournamentWatcher>>();
  let socket: WebSocket | null = null;
  /** Tournaments watched on the current socket. */
  let watched = new Set<string>();
  let failedAttempts = 0;
  let hasBeenOpen = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** While signing in: the socket opened before, kept until the signed-in one is open. */
  let outgoing: WebSocket | null = null;
  const recentNotifications: string[] = [];
  /** The current socket's latest push per event and kind, by tournament, for watchers that come late. */
  let latestPushes = new Map<string, Map<string, Kept>>();
  /** By tournament: when its watch was last sent on this socket, and the pushes' keys since, until its reply. */
  let asked = new Map<string, { at: number; pushedSince: Set<string> }>();

  const wanted = () => user !== null || watchers.size > 0;
  const isOpen = () => socket?.readyState === WebSocket.OPEN;

  const sendWatch = (tournamentId: string) => {
    watched.add(tournamentId);
    asked.set(tournamentId, { at: Date.now(), pushedSince: new Set() });
    socket?.send(JSON.stringify({ action: 'watch', tournamentId }));
  };

  const handOver = (push: LivePush, asOfWatch: boolean) => {
    keepLatest(push, asOfWatch);
    for (const watcher of watchers.get(push.data.tournamentId) ?? []) watcher.onPush(push, asOfWatch);
  };

  // The reply states each event and split as the watch began: a change in between would never be pushed.
  // One pushed since the watch was sent may be newer than the reply's read, so it stands.
  const handOverReply = (reply: WatchReply & { tournamentId: string }) => {
    const pushedSince = asked.get(reply.tournamentId)?.pushedSince ?? new Set();
    const pushes: LivePush[] = [
      ...(reply.states ?? []).map((data): LivePush => ({ event: 'event-state', data })),
      ...(reply.crowds ?? []).map((data): LivePush => ({ event: 'crowd', data })),
    ];
    for (const push of pushes) if (push.data.tournamentId === reply.tournamentId && !pushedSince.has(keyOf(push))) handOver(push, true);
  };

  const dispatch = (message: Message) => {
    if (message.event === 'notification') {
      const notification = (message as Partial<NotificationPush>).data; // unchecked JSON: data may be missing
      if (typeof notification?.subject !== 'string') return;
      if (recentNotifications.includes(notification._id)) return;
      recentNotifications.push(notification._id);
      if (recentNotifications.length > RECENT_NOTIFICATIONS) recentNotifications.shift();
      user?.onNotification(notification);
    } else if (message.event === 'event-state' || message.event === 'crowd') {
      const push = message as LivePush;
      asked.get(push.data.tournamentId)?.pushedSince.add(keyOf(push));
      handOver(push, false);
    } else if (message.action === 'watch') {
      const reply = message as WatchReply;
      // The connection watches as many tournaments as it may: start afresh with those on screen.
      if (reply.statusCode === 429) reopen();
      else if (reply.statusCode === 200 && reply.tournamentId) handOverReply({ ...reply, tournamentId: reply.tournamentId });
      if (reply.tournamentId) asked.get(reply.tournamentId)?.pushedSince.clear();
    }
  };

  // Each push carries the whole state (of an event, or of its crowd split): the latest one per event is all a late watcher needs.
  const keepLatest = (push: LivePush, asOfWatch: boolean) => {
    const kept = latestPushes.get(push.data.tournamentId) ?? new Map<string, Kept>();
    latestPushes.set(push.data.tournamentId, kept.set(keyOf(push), { push, asOfWatch, at: Date.now() }));
  };

  /** Hands a watcher that came late what its tournament was pushed in the last LATE_WATCHER_MS. */
  const replayTo = (tournamentId: string, watcher: TournamentWatcher) => {
    const kept = latestPushes.get(tournamentId);
    if (!kept) return;
    for (const [key, { push, asOfWatch, at }] of kept) {
      if (Date.now() - at > LATE_WATCHER_MS) kept.delete(key);
      else watcher.onPush(push, asOfWatch);
    }
  };

  const connect = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (!wanted()) return;
    const current = new WebSocket(url);
    socket = current;
    watched = new Set();
    // A new socket is a reconnect (its watchers re-read) or a first connection: nothing before it is replayed.
    latestPushes = new Map();
    asked = new Map();
    current.onopen = () => {
      failedAttempts = 0;
      closeOutgoing();
      if (user) current.send(JSON.stringify({ action: 'join', userId: user.userId }));
      for (const tournamentId of watchers.keys()) sendWatch(tournamentId);
      if (hasBeenOpen) {
        user?.onReconnected();
        for (const set of watchers.values()) for (const watcher of set) watcher.onReconnected?.();
      }
      hasBeenOpen = true;
    };
    current.onmessage = (event) => {
      const message = parse(event.data);
      if (message) dispatch(message);
    };
    current.onclose = () => {
      if (socket !== current) return; // replaced on purpose
      socket = null;
      if (!wanted()) return;
      const renew = user ? user.beforeReconnect : () => Promise.resolve();
      retryTimer = setTimeout(() => void renew().catch(() => {}).finally(connect), reconnectDelayMs(failedAttempts++));
    };
  };

  const closeSocket = (current: WebSocket) => {
    // Closing a socket that is still connecting makes the browser log an error: close it once open.
    if (current.readyState === WebSocket.CONNECTING) current.onopen = () => current.close();
    else current.close();
  };

  const close = () => {
    const current = socket;
    socket = null;
    closeOutgoing();
    if (current) closeSocket(current);
  };

  function closeOutgoing() {
    const previous = outgoing;
    outgoing = null;
    if (previous) closeSocket(previous);
  }

  function reopen() {
    close();
    hasBeenOpen = false;
    connect();
  }

  /** Back now rather than after the backoff: the network returned or the page is seen again. */
  const reconnectNow = () => {
    if (socket || !wanted()) return;
    failedAttempts = 0;
    const renew = user ? user.beforeReconnect : () => Promise.resolve();
    clearTimeout(retryTimer);
    void renew().catch(() => {}).finally(connect);
  };
  target.addEventListener('online', reconnectNow);
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'visible') reconnectNow();
  });

  return {
    setUser(next) {
      if (next?.userId === user?.userId && next && user) {
        user = next;
        return;
      }
      const signingIn = user === null && next !== null;
      user = next;
      // Signing in keeps the open socket until the new one is open: the page's data was read already,
      // and a notice posted in between (a settlement paying this bettor) reaches the old socket, which
      // the same cookie opened, instead of falling into the gap. Signing out or switching users closes
      // at once: nothing of the last user's may arrive after.
      if (signingIn && socket?.readyState === WebSocket.OPEN) {
        closeOutgoing();
        outgoing = socket;
        socket = null;
      } else close();
      clearTimeout(retryTimer);
      hasBeenOpen = false;
      connect();
    },
    watch(tournamentId, watcher) {
      const set = watchers.get(tournamentId) ?? new Set();
      set.add(watcher);
      watchers.set(tournamentId, set);
      if (!socket && !retryTimer) connect();
      else if (isOpen() && (!watched.has(tournamentId) || Date.now() - (asked.get(tournamentId)?.at ?? 0) > LATE_WATCHER_MS)) sendWatch(tournamentId);
      else replayTo(tournamentId, watcher);
      return () => {
        set.delete(watcher);
        if (set.size === 0) watchers.delete(tournamentId);
        // A page that re-renders unwatches and watches again at once: close only if nobody came back.
        setTimeout(() => {
          if (wanted()) return;
          clearTimeout(retryTimer);
          retryTimer = undefined;
          close();
        }, IDLE_CLOSE_MS);
      };
    },
  };
}

let shared: LiveChannel | undefined;
/** The app's one channel, to the page's own origin. */
export const liveChannel = () => (shared ??= createLiveChannel(liveSocketUrl(window.location.origin)));
