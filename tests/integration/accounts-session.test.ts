// Sessions: check-auth, refresh rotation and reuse, logout, and the shared request checks.
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { baseUrl, newClient, PASSWORD, verifiedUser } from './accounts-flows.ts';
import { reuseReplacedRefreshToken } from './security-flows.ts';

const unauthorized = { statusCode: 401, message: MSG.unauthorized, success: false };

describe('check-auth and current-user', () => {
  it('anonymous callers are not authenticated and get 401 from current-user', async () => {
    const client = newClient();
    expect((await client.get('/user/check-auth')).body).toMatchObject({ statusCode: 200, data: { isAuthenticated: false } });
    expect((await client.get('/user/current-user')).body).toEqual(unauthorized);
    client.cookies.set('accessToken', 'not-a-jwt');
    expect((await client.get('/user/current-user')).body).toEqual(unauthorized);
  });

  it('answers the current user with the spec fields and no-store JSON', async () => {
    const { client, email, userId } = await verifiedUser();
    const me = await client.get('/user/current-user');
    expect(me.body.data).toEqual({
      _id: userId,
      userName: 'Tester',
      email,
      avatar: null,
      walletBalance: 1000,
      inboxCount: 1, // the welcome-coins notification, unread
      trophy: 0,
      totalEarnings: 0,
      role: 'user',
      organises: [], // the tournaments this user organises
      mayCreateTournaments: false, // no operator has allowed it
    });
    expect(me.headers.get('content-type')).toMatch(/^application\/json/);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });
});

describe('refresh-token', () => {
  it('rotates both tokens on every use', async () => {
    const { client } = await verifiedUser();
    const before = client.cookies.get('refreshToken');
    const renewed = await client.get('/user/refresh-token');
    expect(renewed.status).toBe(200);
    expect(client.cookies.get('refreshToken')).not.toBe(before);
    expect((await client.get('/user/current-user')).status).toBe(200);
  });

  it('answers 401 for a refresh token reused after the grace window and revokes the whole family', async () => {
    const { client } = await verifiedUser();
    expect((await reuseReplacedRefreshToken(client)).answer.body).toEqual(unauthorized);

    // The legitimate holder's newer tokens died with the family.
    expect((await client.get('/user/current-user')).body).toEqual(unauthorized);
    expect((await client.get('/user/refresh-token')).body).toEqual(unauthorized);
  });

  it('answers 401 without a refresh token', async () => {
    expect((await newClient().get('/user/refresh-token')).body).toEqual(unauthorized);
  });
});

describe('logout-user', () => {
  it('clears both cookies and ends the session, so the old access token stops working', async () => {
    const { client } = await verifiedUser();
    const accessToken = client.cookies.get('accessToken')!;
    const refreshToken = client.cookies.get('refreshToken')!;
    const answer = await client.get('/user/logout-user');
    expect(answer.status).toBe(200);
    expect(answer.setCookies).toEqual([
      'accessToken=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0',
      'refreshToken=; HttpOnly; Secure; SameSite=Strict; Path=/api/v1/user/refresh-token; Max-Age=0',
    ]);

    const replay = newClient();
    replay.cookies.set('accessToken', accessToken);
    expect((await replay.get('/user/current-user')).body).toEqual(unauthorized);
    replay.cookies.set('refreshToken', refreshToken);
    expect((await replay.get('/user/refresh-token')).body).toEqual(unauthorized);
  });

  it('succeeds without a session', async () => {
    expect((await newClient().get('/user/logout-user')).status).toBe(200);
  });
});

describe('shared request checks', () => {
  it('refuses a mutating request from a foreign Origin (403) but accepts the app origin', async () => {
    const { client, email } = await verifiedUser();
    const foreign = await client.patch('/user/update-user', { userName: 'Mallory' }, { headers: { origin: 'https://evil.example' } });
    expect(foreign.body).toEqual({ statusCode: 403, message: MSG.forbiddenOrigin, success: false });
    expect((await client.get('/user/current-user')).body.data.userName).toBe('Tester');

    const appOrigin = new URL(baseUrl()).origin;
    const login = await newClient().post('/user/login-user', { email, password: PASSWORD }, { headers: { origin: appOrigin } });
    expect(login.status).toBe(200);
  });

  it('answers 400 for malformed JSON and 415 for a wrong content type', async () => {
    const client = newClient();
    const malformed = await client.post('/user/login-user', '{"email":', { headers: { 'content-type': 'application/json' } });
    expect(malformed.body).toEqual({ statusCode: 400, message: MSG.malformedBody, success: false });
    const wrongType = await client.post('/user/login-user', 'email=a', { headers: { 'content-type': 'text/plain' } });
    expect(wrongType.body).toEqual({ statusCode: 415, message: MSG.unsupportedMediaType, success: false });
    const array = await client.post('/user/login-user', []);
    expect(array.status).toBe(400);
  });
});
