import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserNotification } from '#shared/api.ts';
import { notificationSocketUrl, openNotificationSocket } from './notification-socket.ts';

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
}

const notification: UserNotification = { _id: 'n1', createdAt: '2025-03-01T10:00:00.000Z', subject: 'You won!', description: 'd', isReaded: false };

function open() {
  const events = { notifications: [] as UserNotification[], reconnected: 0, renewed: 0 };
  const stop = openNotificationSocket({
    url: 'ws://app.test/ws',
    userId: 'u1',
    onNotification: (n) => events.notifications.push(n),
    beforeReconnect: async () => void events.renewed++,
    onReconnected: () => void events.reconnected++,
  });
  return { events, stop, latest: () => FakeSocket.opened.at(-1)! };
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

describe('openNotificationSocket', () => {
  it("joins the user's room once open and hands over each pushed notification", () => {
    const { events, latest } = open();
    latest().acceptConnection();
    expect(latest().sent).toEqual(['{"action":"join","userId":"u1"}']);
    latest().onmessage?.({ data: JSON.stringify({ action: 'join', statusCode: 200 }) });
    latest().onmessage?.({ data: 'not json' });
    latest().onmessage?.({ data: JSON.stringify({ event: 'notification', data: notification }) });
    expect(events.notifications).toEqual([notification]);
  });

  it('reconnects after a drop, renewing the session first, and reports the reconnect', async () => {
    const { events, latest } = open();
    latest().acceptConnection();
    latest().close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(events.renewed).toBe(1);
    latest().acceptConnection();
    expect(events.reconnected).toBe(1);
  });

  it('waits longer after each failed attempt', async () => {
    const { latest } = open();
    latest().close(); // attempt 0 failed: waits 0.5-1 s
    await vi.advanceTimersByTimeAsync(1_000);
    latest().close(); // attempt 1 failed: waits 1-2 s
    await vi.advanceTimersByTimeAsync(900);
    expect(FakeSocket.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeSocket.opened).toHaveLength(3);
  });

  it('stops for good: no reconnect after the stop', async () => {
    const { stop, latest } = open();
    latest().acceptConnection();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('closes a socket stopped while connecting as soon as it opens', () => {
    const { stop, latest } = open();
    stop();
    latest().acceptConnection();
    expect(latest().readyState).toBe(3);
  });
});

describe('notificationSocketUrl', () => {
  it('uses the same origin with the WebSocket scheme', () => {
    expect(notificationSocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/ws');
    expect(notificationSocketUrl('https://betplaywin.app')).toBe('wss://betplaywin.app/ws');
  });
});
