// Notifications: the list grouped by date, reading one (the caller's own only), the unread count,
// and the live push over real WebSocket connections after a settlement.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { NotificationGroup, NotificationPush, UserNotification } from '#shared/api.ts';
import { formatDate } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiClient } from '../helpers/api.ts';
import { baseUrl, newClient, verifiedUser } from './accounts-flows.ts';
import { createEvent, operatorClient } from './game-flows.ts';
import { placeBets } from './settlement-flows.ts';

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });
const groupsOf = async (client: ApiClient, query = ''): Promise<NotificationGroup[]> => (await client.get(`/user/notification-list${query}`)).body.data;
const inboxCount = async (client: ApiClient): Promise<number> => (await client.get('/user/current-user')).body.data.inboxCount;

describe('notification-list and notification-read', () => {
  it('lists the welcome notification by date, unread, and marks it read once (the unread count follows)', async () => {
    const { client } = await verifiedUser();
    const [group] = await groupsOf(client);
    expect(group).toEqual({
      date: formatDate(new Date()),
      notifications: [{ _id: expect.any(String), createdAt: expect.any(String), subject: 'Welcome bonus', description: expect.stringContaining('1000 coins'), isReaded: false }],
    });
    const welcome: UserNotification = group.notifications[0];
    expect(await inboxCount(client)).toBe(1);
    expect(await groupsOf(client, '?filter=unreads')).toEqual([group]);
    expect(await groupsOf(client, '?filter=all')).toEqual([group]);

    const read = await client.patch(`/user/notification-read/${welcome._id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ ...welcome, isReaded: true });
    expect(await inboxCount(client)).toBe(0);
    expect(await groupsOf(client, '?filter=unreads')).toEqual([]);
    expect(await groupsOf(client)).toEqual([{ ...group, notifications: [{ ...welcome, isReaded: true }] }]);
    // Reading it again changes nothing.
    expect((await client.patch(`/user/notification-read/${welcome._id}`)).status).toBe(200);
    expect(await inboxCount(client)).toBe(0);
  });

  it("answers 404 for another user's notification and unknown ids, 400 for bad input, 401 without a session", async () => {
    const owner = await verifiedUser();
    const [{ notifications: [theirs] }] = await groupsOf(owner.client);
    const { client } = await verifiedUser();
    expect((await client.patch(`/user/notification-read/${theirs._id}`)).body).toEqual(error(404, MSG.notificationNotFound));
    expect((await client.patch(`/user/notification-read/${Buffer.from('nothing').toString('base64url')}`)).body).toEqual(error(404, MSG.notificationNotFound));
    expect((await client.patch('/user/notification-read/bad%20id')).body).toEqual(error(400, MSG.invalidId));
    expect((await client.get('/user/notification-list?filter=read')).body).toEqual(error(400, MSG.notificationFilterInvalid));
    expect(await inboxCount(owner.client)).toBe(1);
    expect((await newClient().get('/user/notification-list')).status).toBe(401);
    expect((await newClient().patch(`/user/notification-read/${theirs._id}`)).status).toBe(401);
  });
});

/** A WebSocket to /ws with the client's access-token cookie, joined as `userId`, collecting what it receives. */
async function liveSocket(client: ApiClient, userId: string) {
  const socket = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws`, { headers: { cookie: `accessToken=${client.cookies.get('accessToken')}` } });
  const received: unknown[] = [];
  socket.on('message', (data) => received.push(JSON.parse((data as Buffer).toString())));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const join = (id: string) => {
    const before = received.length;
    socket.send(JSON.stringify({ action: 'join', userId: id }));
    return waitForMessages(received, before + 1).then(() => received.splice(before, 1)[0]);
  };
  expect(await join(userId)).toEqual({ action: 'join', statusCode: 200 });
  return { socket, received, join };
}

async function waitForMessages(received: unknown[], count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} WebSocket messages, got ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('WebSocket push', () => {
  it("pushes each bettor only their own notification after a settlement; join for another user's id is refused", async () => {
    const { event, teams } = await createEvent(operator);
    const [winner, loser] = await placeBets(event, [
      { team: 0, amount: 100 },
      { team: 1, amount: 80 },
    ]);
    const winnerSocket = await liveSocket(winner.client, winner.userId);
    const loserSocket = await liveSocket(loser.client, loser.userId);
    try {
      expect(await loserSocket.join(winner.userId)).toEqual({ action: 'join', statusCode: 403 });
      expect(await loserSocket.join(randomUUID())).toEqual({ action: 'join', statusCode: 403 });

      expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
      await Promise.all([waitForMessages(winnerSocket.received, 1), waitForMessages(loserSocket.received, 1)]);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // anything more would arrive by now
      const [won] = winnerSocket.received as NotificationPush[];
      const [lost] = loserSocket.received as NotificationPush[];
      expect(winnerSocket.received).toEqual([{ event: 'notification', data: expect.objectContaining({ subject: 'You won your bet!', isReaded: false }) }]);
      expect(loserSocket.received).toEqual([{ event: 'notification', data: expect.objectContaining({ subject: 'Bet lost', isReaded: false }) }]);
      expect(won.data.description).toContain('150 coins');
      // The pushed notification is the one in the list.
      expect((await groupsOf(winner.client))[0].notifications[0]).toEqual(won.data);
      expect((await groupsOf(loser.client))[0].notifications[0]).toEqual(lost.data);
      expect(await inboxCount(winner.client)).toBe(2);
    } finally {
      winnerSocket.socket.close();
      loserSocket.socket.close();
    }
  });
});
