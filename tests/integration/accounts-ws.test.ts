// The WebSocket API's account side: $connect authenticated by the access-token cookie, join only
// for the caller's own user id.
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { baseUrl, verifiedUser } from './accounts-flows.ts';

/** Opens /ws with these cookies; resolves the open socket or the refused upgrade's status. */
function connect(cookie?: string): Promise<WebSocket | number> {
  const socket = new WebSocket(`${baseUrl().replace('http', 'ws')}/ws`, { headers: cookie ? { cookie } : {} });
  return new Promise((resolve) => {
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('open', () => resolve(socket));
    socket.on('error', () => {});
  });
}

function join(socket: WebSocket, userId: string): Promise<unknown> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString())));
    socket.send(JSON.stringify({ action: 'join', userId }));
  });
}

describe('WebSocket', () => {
  it('refuses a connection without a valid session (401)', async () => {
    expect(await connect()).toBe(401);
    expect(await connect('accessToken=forged.token.value')).toBe(401);
  });

  it('accepts join for the caller only', async () => {
    const { client, userId } = await verifiedUser();
    const socket = await connect(`accessToken=${client.cookies.get('accessToken')}`);
    if (typeof socket === 'number') throw new Error(`upgrade refused with ${socket}`);
    try {
      expect(await join(socket, userId)).toEqual({ action: 'join', statusCode: 200 });
      expect(await join(socket, crypto.randomUUID())).toEqual({ action: 'join', statusCode: 403 });
    } finally {
      socket.close();
    }
  });

  it('stops accepting the session after logout', async () => {
    const { client } = await verifiedUser();
    const cookie = `accessToken=${client.cookies.get('accessToken')}`;
    await client.get('/user/logout-user');
    expect(await connect(cookie)).toBe(401);
  });
});
