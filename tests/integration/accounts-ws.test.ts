// The WebSocket API's account side: $connect authenticated by the access-token cookie, join only
// for the caller's own user id.
import { describe, expect, it } from 'vitest';
import { connectWebSocket, sendJoin, verifiedUser } from './accounts-flows.ts';

describe('WebSocket', () => {
  it('refuses a connection whose access token is not valid (401); one without any is anonymous (live-cards.test.ts)', async () => {
    expect(await connectWebSocket('accessToken=forged.token.value')).toBe(401);
  });

  it('accepts join for the caller only', async () => {
    const { client, userId } = await verifiedUser();
    const socket = await connectWebSocket(`accessToken=${client.cookies.get('accessToken')}`);
    if (typeof socket === 'number') throw new Error(`upgrade refused with ${socket}`);
    try {
      expect(await sendJoin(socket, userId)).toEqual({ action: 'join', statusCode: 200 });
      expect(await sendJoin(socket, crypto.randomUUID())).toEqual({ action: 'join', statusCode: 403 });
    } finally {
      socket.close();
    }
  });

  it('stops accepting the session after logout', async () => {
    const { client } = await verifiedUser();
    const cookie = `accessToken=${client.cookies.get('accessToken')}`;
    await client.get('/user/logout-user');
    expect(await connectWebSocket(cookie)).toBe(401);
  });
});
