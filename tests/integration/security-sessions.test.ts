// Sessions and sockets: a WebSocket lives no longer than its session (logout, password change and
// reset, a reused refresh token; and a push checks the session first); logout revokes the session
// whatever the access token's age; the WebSocket handshake and the state-changing GETs refuse other
// sites; two refreshes at the same instant keep the session, a reuse after the grace window still
// revokes it.
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_REUSE_GRACE_MS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { routes } from '#shared/routes.ts';
import type { ApiClient } from '../helpers/api.ts';
import { baseUrl, connectWebSocket, newClient, PASSWORD, resetOtpFor, verifiedUser } from './accounts-flows.ts';
import { domainModules, operatorClient } from './game-flows.ts';
import { rawRequest, reuseReplacedRefreshToken, snapshot } from './security-flows.ts';

const unauthorized = { statusCode: 401, message: MSG.unauthorized, success: false };
const forbiddenOrigin = { statusCode: 403, message: MSG.forbiddenOrigin, success: false };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const appOrigin = () => new URL(baseUrl()).origin;

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

/** A joined WebSocket of this client's session, recording what it receives and when it closes. */
async function openSocket(client: ApiClient, userId: string) {
  const socket = await connectWebSocket(`accessToken=${client.cookies.get('accessToken')}`, { origin: appOrigin() });
  if (typeof socket === 'number') throw new Error(`upgrade refused with ${socket}`);
  const received: unknown[] = [];
  let closed = false;
  socket.on('message', (data) => received.push(JSON.parse((data as Buffer).toString())));
  socket.on('close', () => (closed = true));
  socket.send(JSON.stringify({ action: 'join', userId }));
  await until(() => received.length === 1, 'the join answer');
  received.length = 0;
  return { socket, received, isClosed: () => closed };
}
type Live = Awaited<ReturnType<typeof openSocket>>;

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !check(); await sleep(25)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** Whether `live` was closed by the server within a few seconds. */
const closedSoon = (live: Live) => until(live.isClosed, 'the server to close the socket').then(() => true, () => false);

/** What the table holds of a user's connections: each one's record and its entry in the user's set of sockets. */
async function connectionRecordsOf(userId: string): Promise<number> {
  const items = [...(await snapshot()).values()].map(({ item }) => item);
  const records = items.filter((item) => item.entity === 'connection' && item.userId === userId).length;
  const sockets = items.find((item) => item.pk === `USER#${userId}` && item.sk === 'SOCKETS')?.sockets;
  return records + (sockets instanceof Set ? sockets.size : 0);
}

/** A prize with cash: the notice names the amount, the kind of push a thief must not read. */
async function creditPrize(userId: string) {
  expect((await operator.post(`/admin/users/${userId}/credit`, { cash: 25, reason: 'Hostel cup' })).status).toBe(200);
}

/** The same user logged in a second time (another device): a second session. */
async function secondSession(email: string) {
  const client = newClient();
  expect((await client.post('/user/login-user', { email, password: PASSWORD })).status).toBe(200);
  return client;
}

const closeAll = (...lives: Live[]) => lives.forEach((live) => live.socket.close());

describe('a socket lives no longer than its session', () => {
  it("logout closes that session's sockets and drops their records; the user's other session keeps its socket and its pushes", async () => {
    const { client, email, userId } = await verifiedUser();
    const other = await secondSession(email);
    const [loggedOut, kept] = [await openSocket(client, userId), await openSocket(other, userId)];
    try {
      expect(await connectionRecordsOf(userId)).toBe(4);
      expect((await client.get('/user/logout-user')).status).toBe(200);
      expect(await closedSoon(loggedOut)).toBe(true);
      expect(await connectionRecordsOf(userId)).toBe(2);

      await creditPrize(userId);
      await until(() => kept.received.length === 1, 'the push to the open session');
      expect(kept.received).toEqual([{ event: 'notification', data: expect.objectContaining({ subject: 'Prize credited' }) }]);
      expect(loggedOut.received).toEqual([]);
      expect(kept.isClosed()).toBe(false);
    } finally {
      closeAll(loggedOut, kept);
    }
  });

  it("a password change closes the other sessions' sockets and keeps the caller's", async () => {
    const { client, email, userId } = await verifiedUser();
    const other = await secondSession(email);
    const [caller, elsewhere] = [await openSocket(client, userId), await openSocket(other, userId)];
    try {
      expect((await client.patch('/user/update-password', { currentPassword: PASSWORD, newPassword: 'new-password-1' })).status).toBe(200);
      expect(await closedSoon(elsewhere)).toBe(true);
      await creditPrize(userId);
      await until(() => caller.received.length === 1, "the push to the caller's socket");
      expect(elsewhere.received).toEqual([]);
      expect(caller.isClosed()).toBe(false);
      expect(await connectionRecordsOf(userId)).toBe(2);
    } finally {
      closeAll(caller, elsewhere);
    }
  });

  it('a password change ends every other session even when there are more than one transaction can carry', async () => {
    const { client, userId } = await verifiedUser();
    await domainModules(); // the functions' modules against the test cloud
    const [identity, sessions, { transactWrite }] = await Promise.all([
      import('#functions/identity/sessions.ts'),
      import('#functions/data/sessions.ts'),
      import('#functions/platform/dynamodb.ts'),
    ]);
    const [caller] = await sessions.listSessionIds(userId);
    // Sessions opened by the code that opens them (a login's items), enough for three transactions.
    const extra = 2 * sessions.SESSIONS_PER_WRITE + 5;
    for (let i = 0; i < extra; i += 25) {
      const opened = await Promise.all(Array.from({ length: Math.min(25, extra - i) }, () => identity.prepareSession({ userId, role: 'user' })));
      await transactWrite(opened.flatMap((session) => session.items));
    }
    expect((await sessions.listSessionIds(userId)).length).toBe(extra + 1);
    expect((await client.patch('/user/update-password', { currentPassword: PASSWORD, newPassword: 'new-password-1' })).status).toBe(200);
    expect(await sessions.listSessionIds(userId)).toEqual([caller]);
    expect((await client.get('/user/current-user')).status).toBe(200);
  });

  it("a password reset closes every socket of the account (a thief's included)", async () => {
    const { client, email, userId } = await verifiedUser();
    const thief = await openSocket(client, userId);
    try {
      expect((await newClient().post('/user/create-otp', { email, subject: 'Reset', type: 'reset-password' })).status).toBe(200);
      const otp = await resetOtpFor(email);
      expect((await newClient().patch('/user/reset-password', { email, otpCode: otp, password: 'new-password-1' })).status).toBe(200);
      expect(await closedSoon(thief)).toBe(true);
      await creditPrize(userId);
      expect(thief.received).toEqual([]);
      expect(await connectionRecordsOf(userId)).toBe(0);
    } finally {
      closeAll(thief);
    }
  });

  it("a refresh token reused after the grace window closes the family's sockets", async () => {
    const { client, userId } = await verifiedUser();
    const live = await openSocket(client, userId);
    try {
      expect((await reuseReplacedRefreshToken(client)).answer.body).toEqual(unauthorized);
      expect(await closedSoon(live)).toBe(true);
      expect(await connectionRecordsOf(userId)).toBe(0);
    } finally {
      closeAll(live);
    }
  });

  it('a push checks the session first: a socket whose session ended while its closing failed gets nothing and is closed', async () => {
    const { client, userId } = await verifiedUser();
    const orphan = await openSocket(client, userId);
    try {
      // The session ends as a logout ends it (its mark on the user's sockets goes in the same write), as if
      // the closing of its sockets then failed: only the push can notice.
      const [{ dynamodb }, sessions] = await Promise.all([domainModules(), import('#functions/data/sessions.ts')]);
      const sessionId = decodeJwt(client.cookies.get('accessToken')!).sid as string;
      await dynamodb.transactWrite(sessions.endSessionsItems(userId, [sessionId]));
      expect(orphan.isClosed()).toBe(false);

      await creditPrize(userId);
      expect(await closedSoon(orphan)).toBe(true);
      expect(orphan.received).toEqual([]);
      expect(await connectionRecordsOf(userId)).toBe(0);
    } finally {
      closeAll(orphan);
    }
  });
});

describe('logout after the access token expired', () => {
  /** `token` as the browser holds it 16 minutes later: signed by the server, expired a minute ago. */
  async function expired(token: string): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS - 60;
    const claims = { ...decodeJwt(token), iat: issuedAt, exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS };
    return new SignJWT(claims).setProtectedHeader(decodeProtectedHeader(token) as { alg: string }).sign(new TextEncoder().encode(inject('jwtSecret')));
  }

  it('still revokes the session after 16 idle minutes: the access cookie outlives its token, and the refresh token renews nothing after', async () => {
    const { client } = await verifiedUser();
    const refreshToken = client.cookies.get('refreshToken')!;
    // The browser's cookie jar 16 minutes on: what would the logout carry?
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    const carried = client.cookies.header('/api/v1/user/logout-user');
    vi.useRealTimers();
    const accessToken = /accessToken=([^;]+)/.exec(carried ?? '')?.[1];
    expect(accessToken, 'an access cookie still reaches the logout path').toBeDefined();

    const logout = await rawRequest('GET', '/user/logout-user', { headers: { cookie: `accessToken=${await expired(accessToken!)}`, 'sec-fetch-site': 'same-origin' } });
    expect(logout.status).toBe(200);
    const replay = newClient();
    replay.cookies.set('refreshToken', refreshToken);
    expect((await replay.get('/user/refresh-token')).body).toEqual(unauthorized);
    expect((await client.get('/user/current-user')).body).toEqual(unauthorized);
  });
});

describe('the WebSocket handshake checks Origin', () => {
  it("refuses (403) an upgrade from another site's page, writing no connection; accepts the app's own origin and clients without one", async () => {
    const { client, userId } = await verifiedUser();
    const cookie = `accessToken=${client.cookies.get('accessToken')}`;
    for (const origin of ['https://evil.example', 'null', `${appOrigin()}.evil.example`]) {
      expect(await connectWebSocket(cookie, { origin }), origin).toBe(403);
    }
    expect(await connectWebSocket(cookie, { origin: appOrigin(), 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await connectionRecordsOf(userId)).toBe(0);

    const fromTheApp: Record<string, string>[] = [{ origin: appOrigin(), 'sec-fetch-site': 'same-origin' }, {}];
    for (const headers of fromTheApp) {
      const socket = await connectWebSocket(cookie, headers);
      expect(typeof socket, JSON.stringify(headers)).toBe('object');
      if (typeof socket !== 'number') socket.close();
    }
  });
});

describe('cross-site requests cannot log a user out', () => {
  it('the manifest marks the GETs that change state: logout and refresh', () => {
    expect(routes.filter((r) => r.changesState).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user/refresh-token', 'GET /user/logout-user']);
  });

  it('refuses (403) logout and refresh sent by another site (Sec-Fetch-Site or Origin), ending nothing; the app itself and a typed address still log out', async () => {
    const { client } = await verifiedUser();
    const cookies = () => `accessToken=${client.cookies.get('accessToken')}; refreshToken=${client.cookies.get('refreshToken')}`;
    const fromOtherSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of fromOtherSites) {
      for (const path of ['/user/logout-user', '/user/refresh-token']) {
        const answer = await rawRequest('GET', path, { headers: { ...headers, cookie: cookies() } });
        expect(answer.body, `${path} ${JSON.stringify(headers)}`).toEqual(forbiddenOrigin);
        expect(answer.setCookies).toEqual([]);
      }
    }
    expect((await client.get('/user/current-user')).status).toBe(200);
    expect((await client.get('/user/refresh-token')).status).toBe(200);

    // Typed into the address bar (Sec-Fetch-Site: none): the user asked for it.
    const typed = await rawRequest('GET', '/user/logout-user', { headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', cookie: cookies() } });
    expect(typed.status).toBe(200);
    expect((await client.get('/user/current-user')).body).toEqual(unauthorized);
  });
});

describe('two refreshes at the same instant', () => {
  it('both renew (the same new refresh token) and the session lives on', async () => {
    const { client } = await verifiedUser();
    const refreshToken = client.cookies.get('refreshToken')!;
    const tabs = [newClient(), newClient()];
    for (const tab of tabs) tab.cookies.set('refreshToken', refreshToken);
    const answers = await Promise.all(tabs.map((tab) => tab.get('/user/refresh-token')));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [first, second] = tabs.map((tab) => tab.cookies.get('refreshToken'));
    expect(first).not.toBe(refreshToken);
    expect(second).toBe(first);
    for (const tab of tabs) expect((await tab.get('/user/current-user')).status).toBe(200);
    expect((await tabs[0].get('/user/refresh-token')).status).toBe(200);
    expect((await tabs[0].get('/user/current-user')).status).toBe(200);
  });

  it('a retry whose answer was lost gets the same new token; after the grace window the old token revokes the family', async () => {
    const { client } = await verifiedUser();
    const replaced = client.cookies.get('refreshToken')!;
    expect((await client.get('/user/refresh-token')).status).toBe(200);
    const current = client.cookies.get('refreshToken');

    const retry = newClient();
    retry.cookies.set('refreshToken', replaced);
    expect((await retry.get('/user/refresh-token')).status).toBe(200);
    expect(retry.cookies.get('refreshToken')).toBe(current);

    await sleep(REFRESH_REUSE_GRACE_MS + 500);
    const late = newClient();
    late.cookies.set('refreshToken', replaced);
    expect((await late.get('/user/refresh-token')).body).toEqual(unauthorized);
    expect((await client.get('/user/current-user')).body).toEqual(unauthorized);
    expect((await client.get('/user/refresh-token')).body).toEqual(unauthorized);
  });
});
