import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LivePush, UserNotification } from '#shared/api.ts';
import { createLiveChannel, type LiveChannel, liveSocketUrl, type TournamentWatcher } from './live-channel.ts';

/** A stand-in for the browser's WebSocket that the test opens, feeds and drops by hand. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  acceptConnection() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** The window the channel listens to: `fire('online')`, `fire('visibilitychange')` with a visibility. */
function fakeWindow() {
  const handlers = new Map<string, () => void>();
  const document = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: (type: string, run: () => void) => handlers.set(type, run) };
  return {
    target: { addEventListener: (type: string, run: () => void) => handlers.set(type, run), document } as never,
    fire: (type: string, visibility: DocumentVisibilityState = 'visible') => {
      document.visibilityState = visibility;
      handlers.get(type)?.();
    },
  };
}

const notification: UserNotification = { _id: 'n1', createdAt: '2025-03-01T10:00:00.000Z', subject: 'You won!', description: 'd', isReaded: false };
const pause: LivePush = { event: 'event-state', data: { _id: 'e1', tournamentId: 't1', time: '2025-03-01T10:00:00.000Z', isBetActive: false, winnerTeamId: null } };

function signedIn() {
  const win = fakeWindow();
  const channel = createLiveChannel('ws://app.test/ws', win.target);
  const events = { notifications: [] as UserNotification[], reconnected: 0, renewed: 0 };
  channel.setUser({
    userId: 'u1',
    onNotification: (n) => events.notifications.push(n),
    beforeReconnect: () => {
      events.renewed++;
      return Promise.resolve();
    },
    onReconnected: () => void events.reconnected++,
  });
  return { channel, events, win, latest: () => FakeSocket.opened.at(-1)! };
}

/** Watches a tournament on the channel; the pushes it is handed. */
function watchOn(channel: LiveChannel, tournamentId = 't1') {
  const pushes: LivePush[] = [];
  const asOfWatch: LivePush[] = [];
  const watcher: TournamentWatcher = { onPush: (push, fromReply) => (fromReply ? asOfWatch : pushes).push(push) };
  return { pushes, asOfWatch, stop: channel.watch(tournamentId, watcher) };
}

function watching(tournamentId = 't1') {
  const win = fakeWindow();
  const channel = createLiveChannel('ws://app.test/ws', win.target);
  return { channel, ...watchOn(channel, tournamentId), win, latest: () => FakeSocket.opened.at(-1)! };
}

beforeEach(() => {
  FakeSocket.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live channel, signed in', () => {
  it("joins the user's room once open and hands over each pushed notification", () => {
    const { events, latest } = signedIn();
    latest().acceptConnection();
    expect(latest().sent).toEqual(['{"action":"join","userId":"u1"}']);
    latest().receive({ action: 'join', statusCode: 200 });
    latest().onmessage?.({ data: 'not json' });
    latest().receive({ event: 'notification', data: notification });
    expect(events.notifications).toEqual([notification]);
  });

  it('reconnects after a drop, renewing the session first, and reports the reconnect', async () => {
    const { events, latest } = signedIn();
    latest().acceptConnection();
    latest().close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(events.renewed).toBe(1);
    latest().acceptConnection();
    expect(events.reconnected).toBe(1);
  });

  it('waits longer after each failed attempt', async () => {
    const { latest } = signedIn();
    latest().close(); // attempt 0 failed: waits 0.5-1 s
    await vi.advanceTimersByTimeAsync(1_000);
    latest().close(); // attempt 1 failed: waits 1-2 s
    await vi.advanceTimersByTimeAsync(900);
    expect(FakeSocket.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeSocket.opened).toHaveLength(3);
  });

  it('stops for good when signed out with nothing watched', async () => {
    const { channel, latest } = signedIn();
    latest().acceptConnection();
    channel.setUser(null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('closes a socket left while connecting as soon as it opens', () => {
    const { channel, latest } = signedIn();
    channel.setUser(null);
    latest().acceptConnection();
    expect(latest().readyState).toBe(3);
  });

  it('keeps the open socket while signing in until the new one is open: a notice on either is handed over once', () => {
    // A page watching its matches opened the socket (with the access cookie) before the user was set.
    const { channel, latest } = watching();
    const before = latest();
    before.acceptConnection();
    const notifications: UserNotification[] = [];
    channel.setUser({ userId: 'u1', onNotification: (n) => notifications.push(n), beforeReconnect: () => Promise.resolve(), onReconnected: () => {} });
    const signedInSocket = latest();
    expect(signedInSocket).not.toBe(before);
    expect(before.readyState).toBe(FakeSocket.OPEN);
    // A settlement pays the bettor while the new socket connects: the old one carries the notice.
    before.receive({ event: 'notification', data: notification });
    signedInSocket.acceptConnection();
    expect(before.readyState).toBe(3);
    // Posted to both sockets of the user in that moment: one toast, not two.
    signedInSocket.receive({ event: 'notification', data: notification });
    expect(notifications).toEqual([notification]);
  });

  it('closes the socket at once when signing out, before any new one is open', () => {
    const { channel, latest } = signedIn();
    const before = latest();
    before.acceptConnection();
    channel.watch('t1', { onPush: () => {} });
    channel.setUser(null);
    expect(before.readyState).toBe(3);
  });
});

describe('the live channel, watching', () => {
  it('watches the tournament once open, anonymous, and hands over its pushes only', () => {
    const { pushes, latest } = watching();
    latest().acceptConnection();
    expect(latest().sent).toEqual(['{"action":"watch","tournamentId":"t1"}']);
    latest().receive(pause);
    latest().receive({ ...pause, data: { ...pause.data, tournamentId: 't2' } });
    expect(pushes).toEqual([pause]);
  });

  it('comes back at once, not after its backoff, when the device is online again or the page visible', async () => {
    const { latest, win } = watching();
    latest().acceptConnection();
    for (let i = 0; i < 5; i++) latest().close(); // backoff now 8-16 s
    expect(FakeSocket.opened).toHaveLength(1);
    win.fire('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.opened).toHaveLength(2);
    latest().acceptConnection();
    expect(latest().sent).toEqual(['{"action":"watch","tournamentId":"t1"}']);

    latest().close();
    win.fire('visibilitychange', 'hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.opened).toHaveLength(2);
    win.fire('visibilitychange', 'visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.opened).toHaveLength(3);
  });

  it("hands a watcher that comes late its tournament's latest push per event for ten seconds, then asks again", async () => {
    const { channel, latest } = watching();
    latest().acceptConnection();
    const result = { ...pause, data: { ...pause.data, winnerTeamId: 'team-a' } };
    latest().receive(pause);
    latest().receive(result);
    latest().receive({ ...pause, data: { ...pause.data, tournamentId: 't2' } });
    expect(watchOn(channel).pushes).toEqual([result]);
    expect(latest().sent).toEqual(['{"action":"watch","tournamentId":"t1"}']);

    // Later, the page opened again asks the server for the tournament as it stands.
    await vi.advanceTimersByTimeAsync(10_001);
    const later = watchOn(channel);
    expect(later.pushes).toEqual([]);
    expect(latest().sent).toEqual(['{"action":"watch","tournamentId":"t1"}', '{"action":"watch","tournamentId":"t1"}']);
    latest().receive({ action: 'watch', statusCode: 200, tournamentId: 't1', states: [result.data], crowds: [] });
    expect(later.asOfWatch).toEqual([result]);
  });

  it("hands the watch reply's states and splits over, except where a push came since the watch was sent", () => {
    const { latest, pushes, asOfWatch } = watching();
    latest().acceptConnection();
    const other = { ...pause.data, _id: 'e2', isBetActive: true };
    const result = { ...pause, data: { ...pause.data, winnerTeamId: 'team-a' } };
    latest().receive(result); // pushed after the reply's read, before the reply came
    const split = { eventId: 'e2', tournamentId: 't1', bettors: { 'team-a': 2 } };
    latest().receive({ action: 'watch', statusCode: 200, tournamentId: 't1', states: [pause.data, other], crowds: [split] });
    expect(pushes).toEqual([result]);
    expect(asOfWatch).toEqual([
      { event: 'event-state', data: other },
      { event: 'crowd', data: split },
    ]);
    // After the reply, a push is a push again.
    latest().receive(pause);
    expect(pushes).toEqual([result, pause]);
  });

  it('replays nothing from before a reconnect: the watchers read again instead', async () => {
    const { channel, latest } = watching();
    latest().acceptConnection();
    latest().receive(pause);
    latest().close();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSocket.opened).toHaveLength(2);
    latest().acceptConnection();
    expect(watchOn(channel).pushes).toEqual([]);
  });

  it('closes the socket a few seconds after the last watcher left', async () => {
    const { stop, latest } = watching();
    latest().acceptConnection();
    stop();
    expect(latest().readyState).toBe(FakeSocket.OPEN);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(latest().readyState).toBe(3);
  });
});

describe('liveSocketUrl', () => {
  it('uses the same origin with the WebSocket scheme', () => {
    expect(liveSocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/ws');
    expect(liveSocketUrl('https://betplaywin.app')).toBe('wss://betplaywin.app/ws');
  });
});
