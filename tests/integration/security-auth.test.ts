// Auth attacks: each is refused and leaves nothing behind (a table snapshot before and after, see
// security-flows.ts). What the accounts tests already prove is referenced, not repeated:
// - refresh rotation and the reuse of a replaced refresh token revoking the family: accounts-session
//   ("answers 401 for a reused refresh token and revokes the whole family"); here: the family's
//   session item is really gone;
// - a foreign Origin on update-user: accounts-session; here: every mutating route of the manifest;
// - 5 wrong OTP tries then the right one refused, a used reset OTP refused: accounts-reset; here: an
//   expired OTP, a parallel brute force, and the creation limit;
// - 5 wrong passwords then 429: accounts-registration; here: a parallel brute force;
// - a GIF named fake.png as an avatar: accounts-profile; here: SVG and HTML typed image/png;
// - a WebSocket without a cookie, with a junk cookie, and join for another user: accounts-ws; here:
//   forged JWT cookies, and that a refused join writes nothing.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_CREATIONS_PER_WINDOW, CODE_MAX_WRONG_TRIES, JWT_AUDIENCE, JWT_ISSUER, LOGIN_MAX_FAILURES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { routes, routeKey } from '#shared/routes.ts';
import type { ApiClient } from '../helpers/api.ts';
import { baseUrl, connectWebSocket, newClient, sendJoin, PASSWORD, register, resetOtpFor, uniqueEmail, verificationLinkFor, verifiedUser, verifyPath } from './accounts-flows.ts';
import { coinBet, createEvent, domainModules, operatorClient } from './game-flows.ts';
import { describeChanges, diff, rawRequest, reuseReplacedRefreshToken, snapshot, type Change } from './security-flows.ts';
import { ASYNC_BACKLOG_MS, tournamentBettorsRecorded, waitFor } from './settlement-flows.ts';

const unauthorized = { statusCode: 401, message: MSG.unauthorized, success: false };

/** Runs `attack` between two snapshots and answers the changes that mention any of `tokens`. */
async function changesDuring(tokens: string[], attack: () => Promise<void>): Promise<Change[]> {
  const before = await snapshot();
  await attack();
  const changes = diff(before, await snapshot());
  return changes.filter((c) => tokens.some((t) => `${c.key} ${JSON.stringify(c.before ?? {})} ${JSON.stringify(c.after ?? {})}`.includes(t)));
}

/**
 * Until the table stream's consumers have taken a bet: its bettor recorded for the tournament's reminders
 * and the crowd split counted and broadcast (their writes mention the bettor and the event).
 */
async function betConsumed(event: { _id: string; tournamentId: string }, userId: string): Promise<void> {
  await tournamentBettorsRecorded(event.tournamentId, [userId]);
  const crowd = await import('#functions/data/crowd.ts');
  await waitFor(() => crowd.getCrowd(event._id), (split) => split?.broadcastAt !== undefined);
}

/** An access token with the claims of `token` (its user, session and role unless changed). */
function claimsOf(token: string) {
  const { sub, sid, role } = decodeJwt(token) as { sub: string; sid: string; role: string };
  return { sub, sid, role };
}

function forgeHs256(claims: { sub: string; sid: string; role: string }, key: Uint8Array, exp: string | number = '15m') {
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(claims.sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);
}

function forgeNone(claims: { sub: string; sid: string; role: string }) {
  return new UnsecuredJWT({ sid: claims.sid, role: claims.role }).setSubject(claims.sub).setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setExpirationTime('15m').encode();
}

const WRONG_KEY = new TextEncoder().encode('not-the-secret-but-long-enough-0123456789abcdef');

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

describe('CSRF: a mutation from a foreign Origin', () => {
  it('is refused (403) on every mutating route of the manifest, before anything is written', async () => {
    const { client, userId } = await verifiedUser();
    const mutations = routes.filter((r) => r.method !== 'GET');
    const answers: string[] = [];
    const changes = await changesDuring([userId], async () => {
      for (const route of mutations) {
        const path = route.path.replace(/\{\w+\}/g, userId);
        const cookie = (route.auth === 'operator' ? operator : client).cookies.header('/api/v1/x') ?? '';
        for (const origin of ['https://evil.example', 'null', `${new URL(baseUrl()).origin}.evil.example`]) {
          const answer = await rawRequest(route.method, path, { headers: { origin, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'Mallory', amount: 10, upiId: 'a@b' }) });
          if (answer.status !== 403 || answer.body.message !== MSG.forbiddenOrigin) answers.push(`${routeKey(route)} from ${origin}: ${answer.status}`);
        }
      }
    });
    expect(answers).toEqual([]);
    expect(changes, describeChanges(changes)).toEqual([]);
    expect((await client.get('/user/current-user')).body.data.userName).toBe('Tester');
  });
});

describe('forged access tokens', () => {
  it('refuses alg none, a wrong signature and a tampered payload, even with real user and session ids', async () => {
    const { client } = await verifiedUser();
    const real = client.cookies.get('accessToken')!;
    const claims = claimsOf(real);
    const asOperator = { ...claims, role: 'operator' };
    const [header, payload, signature] = real.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(real), role: 'operator' })).toString('base64url');
    const forgeries: [string, string][] = [
      ['alg none', forgeNone(claims)],
      ['alg none as operator', forgeNone(asOperator)],
      ['wrong key', await forgeHs256(claims, WRONG_KEY)],
      ['wrong key as operator', await forgeHs256(asOperator, WRONG_KEY)],
      ['payload changed, signature kept', `${header}.${tamperedPayload}.${signature}`],
      ['signature removed', `${header}.${payload}.`],
      ['header alg none, signature kept', `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.${signature}`],
    ];
    const changes = await changesDuring([claims.sub, claims.sid], async () => {
      for (const [label, token] of forgeries) {
        const attacker = newClient();
        attacker.cookies.set('accessToken', token);
        expect((await attacker.get('/user/current-user')).body, label).toEqual(unauthorized);
        expect((await attacker.get('/user/check-auth')).body.data, label).toEqual({ isAuthenticated: false });
        expect((await attacker.get('/admin/users?query=a')).status, label).toBe(401);
        expect((await attacker.patch('/user/update-user', { userName: 'Mallory' })).status, label).toBe(401);
      }
    });
    expect(changes, describeChanges(changes)).toEqual([]);
    // The real token still works: the forgeries were refused for what they are.
    expect((await client.get('/user/current-user')).body.data.userName).toBe('Tester');
  });

  it('refuses an expired token of an open session (in-process: the local cloud signs with a secret the tests do not read)', async () => {
    // The handler runs here against the local cloud's table, with the unit-test secret; a token of a
    // real open session is accepted while fresh and refused once expired.
    const { dynamodb } = await domainModules();
    const { prepareSession } = await import('#functions/identity/sessions.ts');
    const { handler } = await import('#functions/identity/handlers/current-user.ts');
    const { userId } = await verifiedUser();
    const session = await prepareSession({ userId, role: 'user' });
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    await dynamodb.db.send(new TransactWriteCommand({ TransactItems: session.items }));
    const claims = claimsOf(session.tokens.accessToken);
    const key = new TextEncoder().encode(process.env.JWT_SECRET);
    const call = async (token: string) => {
      const event = {
        version: '2.0',
        routeKey: 'GET /api/v1/user/current-user',
        rawPath: '/api/v1/user/current-user',
        rawQueryString: '',
        cookies: [`accessToken=${token}`],
        headers: {},
        isBase64Encoded: false,
        requestContext: { http: { method: 'GET', path: '/api/v1/user/current-user' }, requestId: 'expired-test' },
      } as unknown as APIGatewayProxyEventV2;
      const result = (await handler(event, {} as Context)) as { statusCode: number; body: string };
      return { status: result.statusCode, body: JSON.parse(result.body) };
    };
    expect((await call(await forgeHs256(claims, key))).status).toBe(200);
    expect((await call(await forgeHs256(claims, key, Math.floor(Date.now() / 1000) - 1))).body).toEqual(unauthorized);
  });
});

describe("another user's ids", () => {
  it("cannot read or pay another user's bet, read their notification, or see their open bets", async () => {
    const { event } = await createEvent(operator);
    const victim = await verifiedUser();
    const attacker = await verifiedUser();
    expect((await victim.client.post('/bet/create-new', coinBet(event))).status).toBe(201);
    await betConsumed(event, victim.userId);
    const victimNotification = (await victim.client.get('/user/notification-list')).body.data[0].notifications[0];

    const changes = await changesDuring([victim.userId, event._id], async () => {
      expect((await attacker.client.get(`/bet/get-bet/${event._id}`)).body).toEqual({ statusCode: 402, message: MSG.betNotFound, success: false });
      expect((await attacker.client.post('/bet/create-transaction', { betId: event._id, isPaid: true })).body.message).toBe(MSG.betNotFound);
      expect((await attacker.client.patch(`/user/notification-read/${victimNotification._id}`)).body).toEqual({ statusCode: 404, message: MSG.notificationNotFound, success: false });
      // Open betting: the victim's bet is hidden from others (it could be copied or countered).
      expect((await attacker.client.get(`/bet/get-betlist?userId=${victim.userId}`)).body.data).toEqual([]);
      // Operator calls with the victim's id are refused to a user.
      expect((await attacker.client.post(`/admin/users/${victim.userId}/credit`, { coins: 5, reason: 'mine' })).status).toBe(403);
      expect((await attacker.client.patch(`/admin/events/${event._id}`, { isBetActive: false })).status).toBe(403);
      // Body fields naming the victim are stripped, never obeyed.
      expect((await attacker.client.patch('/user/update-user', { userName: 'Attacker', userId: victim.userId })).status).toBe(200);
    });
    expect(changes, describeChanges(changes)).toEqual([]);
    expect((await victim.client.get('/user/current-user')).body.data).toMatchObject({ userName: 'Tester', inboxCount: 1 });
    expect((await victim.client.get(`/bet/get-bet/${event._id}`)).status).toBe(200);

    // A pause still hides it (betting may reopen); once the event is decided the bet is public history.
    expect((await operator.patch(`/admin/events/${event._id}`, { isBetActive: false })).status).toBe(200);
    expect((await attacker.client.get(`/bet/get-betlist?userId=${victim.userId}`)).body.data).toEqual([]);
    expect((await operator.post(`/admin/events/${event._id}/result`, { void: true })).status).toBe(202);
    expect((await attacker.client.get(`/bet/get-betlist?userId=${victim.userId}`)).body.data).toHaveLength(1);
  }, 2 * ASYNC_BACKLOG_MS);
});

describe('refresh tokens', () => {
  it('a reused refresh token deletes its session for good (the family revocation of accounts-session)', async () => {
    const { client } = await verifiedUser();
    const { answer, thief, replaced } = await reuseReplacedRefreshToken(client);
    const sessionId = replaced.split('.')[0];
    expect(answer.body).toEqual(unauthorized);
    expect(thief.cookies.get('accessToken')).toBeUndefined();
    const sessions = [...(await snapshot()).keys()].filter((key) => key.startsWith(`SESSION#${sessionId}|`));
    expect(sessions).toEqual([]);
  });
});

describe('one-time codes', () => {
  async function userWithOtp() {
    const user = await verifiedUser();
    expect((await newClient().post('/user/create-otp', { email: user.email, subject: 'Reset', type: 'reset-password' })).status).toBe(200);
    return { ...user, otp: await resetOtpFor(user.email) };
  }

  it('refuses an expired reset OTP and an expired verification code, and writes nothing', async () => {
    const { dynamodb } = await domainModules();
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const expire = (email: string, purpose: string) =>
      dynamodb.db.send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME,
          Key: { pk: `EMAIL#${email}`, sk: `CODE#${purpose}` },
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
        }),
      );
    const { email, otp, userId } = await userWithOtp();
    await expire(email, 'reset-password');
    const unverified = await register();
    await unverified.client.post('/user/create-email-verification', { email: unverified.email });
    const link = await verificationLinkFor(unverified.email);
    await expire(unverified.email, 'verify-email');

    const changes = await changesDuring([userId, email, unverified.userId, unverified.email], async () => {
      expect((await newClient().post('/user/check-otp', { email, otpCode: otp })).body).toEqual({ statusCode: 403, message: MSG.otpNotValid, success: false });
      expect((await newClient().patch('/user/reset-password', { email, otpCode: otp, password: 'new-password-1' })).body).toEqual({ statusCode: 403, message: MSG.invalidOtp, success: false });
      const verify = await unverified.client.post(verifyPath(link));
      expect(verify.status).toBe(402);
      expect(verify.setCookies).toEqual([]);
    });
    expect(changes, describeChanges(changes)).toEqual([]);
    expect((await newClient().post('/user/login-user', { email, password: PASSWORD })).status).toBe(200);
  });

  it('a used verification link cannot verify or log in again', async () => {
    const user = await register();
    await user.client.post('/user/create-email-verification', { email: user.email });
    const path = verifyPath(await verificationLinkFor(user.email));
    expect((await user.client.post(path)).status).toBe(200);
    const replay = await newClient().post(path);
    expect(replay.status).toBe(402);
    expect(replay.setCookies).toEqual([]);
  });

  it('a parallel brute force of the reset OTP exhausts it: even the right code then changes nothing', async () => {
    const { email, otp } = await userWithOtp();
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(otp) + 1 + i) % 10000).padStart(4, '0'));
    const rightCodeAt = 20;
    guesses.splice(rightCodeAt, 0, otp);
    const answers = await Promise.all(guesses.map((otpCode) => newClient().patch('/user/reset-password', { email, otpCode, password: 'stolen-password-1' })));
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    // 402 for a wrong try that leaves tries, 429 once the code is used up (the 5th wrong try and after).
    // The right code is refused too: 429 if the wrong tries used the code up before it was checked, 403
    // if they did so between its check and its commit, whose condition then fails.
    const statuses = answers.map((a) => a.status);
    const rightCodeAnswer = statuses.splice(rightCodeAt, 1)[0];
    expect([403, 429]).toContain(rightCodeAnswer);
    expect(statuses.every((s) => s === 402 || s === 429), statuses.join()).toBe(true);
    expect(statuses.filter((s) => s === 402).length).toBeLessThanOrEqual(CODE_MAX_WRONG_TRIES - 1);
    const late = await newClient().patch('/user/reset-password', { email, otpCode: otp, password: 'stolen-password-1' });
    expect(late.body).toEqual({ statusCode: 429, message: MSG.tooManyTries, success: false });
    expect((await newClient().post('/user/login-user', { email, password: PASSWORD })).status).toBe(200);
  });

  it(`limits reset OTP creation to ${CODE_CREATIONS_PER_WINDOW} per email and window (429), sending no more mails`, async () => {
    const { email } = await verifiedUser();
    const statuses: number[] = [];
    for (let i = 0; i <= CODE_CREATIONS_PER_WINDOW; i++) {
      statuses.push((await newClient().post('/user/create-otp', { email, subject: 'Reset', type: 'reset-password' })).status);
    }
    expect(statuses).toEqual([...Array(CODE_CREATIONS_PER_WINDOW).fill(200), 429]);
  });
});

describe('login brute force', () => {
  it(`allows at most ${LOGIN_MAX_FAILURES} password guesses even when they arrive at once (429 for the rest)`, async () => {
    const { email } = await verifiedUser();
    const guesses = Array.from({ length: 16 }, (_, i) => `wrong-password-${i}`);
    guesses.push(PASSWORD);
    const answers = await Promise.all(guesses.map((password) => newClient().post('/user/login-user', { email, password })));
    const statuses = answers.map((a) => a.status);
    // Checked guesses answer 402 (or 200 for the right one); the others were never checked.
    expect(statuses.filter((s) => s === 402 || s === 200).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(statuses.every((s) => s === 402 || s === 429 || s === 200)).toBe(true);
    const locked = await newClient().post('/user/login-user', { email, password: PASSWORD });
    if (!statuses.includes(200)) expect(locked.body).toEqual({ statusCode: 429, message: MSG.tooManyLogins, success: false });
    expect(answers.filter((a) => a.status !== 200).flatMap((a) => a.setCookies)).toEqual([]);
  });
});

describe('cookie flags', () => {
  it('every Set-Cookie of a whole journey is HttpOnly, Secure and SameSite, with the right path', async () => {
    const seen: string[] = [];
    const client = newClient();
    const email = uniqueEmail();
    const record = (answer: { setCookies: string[] }) => seen.push(...answer.setCookies);
    record(await client.post('/user/create-user', { userName: 'Tester', email, password: PASSWORD }));
    record(await client.post('/user/create-email-verification', { email }));
    record(await client.post(verifyPath(await verificationLinkFor(email))));
    record(await client.get('/user/check-auth'));
    record(await client.get('/user/current-user'));
    record(await client.get('/user/refresh-token'));
    record(await client.patch('/user/update-password', { currentPassword: PASSWORD, newPassword: 'new-password-1' }));
    record(await client.get('/user/logout-user'));
    record(await client.post('/user/login-user', { email, password: 'new-password-1' }));
    record(await client.get('/user/refresh-token'));
    record(await client.post('/user/create-otp', { email, subject: 'Reset', type: 'reset-password' }));
    const otp = await resetOtpFor(email);
    record(await client.post('/user/check-otp', { email, otpCode: otp }));
    record(await client.patch('/user/reset-password', { email, otpCode: otp, password: 'new-password-2' }));
    record(await client.post('/user/login-user', { email, password: 'new-password-2' }));
    record(await client.get('/user/logout-user'));

    expect(seen.length).toBeGreaterThanOrEqual(10);
    for (const cookie of seen) {
      const attributes = cookie.split(';').slice(1).map((a) => a.trim().toLowerCase());
      expect(attributes, cookie).toContain('httponly');
      expect(attributes, cookie).toContain('secure');
      if (cookie.startsWith('accessToken=')) expect(attributes, cookie).toEqual(expect.arrayContaining(['samesite=lax', 'path=/']));
      else if (cookie.startsWith('refreshToken=')) expect(attributes, cookie).toEqual(expect.arrayContaining(['samesite=strict', 'path=/api/v1/user/refresh-token']));
      else if (cookie.startsWith('deviceToken=')) expect(attributes, cookie).toEqual(expect.arrayContaining(['samesite=strict', 'path=/api/v1/user']));
      else if (cookie.startsWith('registration=')) expect(attributes, cookie).toEqual(expect.arrayContaining(['samesite=strict', 'path=/api/v1/user/verify-email']));
      else throw new Error(`unexpected cookie ${cookie}`);
    }
  });
});

describe('avatars', () => {
  const form = (content: Buffer, name: string, type = 'image/png') => {
    const data = new FormData();
    data.set('avatar', new Blob([new Uint8Array(content)], { type }), name);
    return data;
  };
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>');
  const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/v1/user/current-user")</script></body></html>');

  it('refuses an SVG and an HTML file named .png and typed image/png (415), storing nothing', async () => {
    const { client, userId } = await verifiedUser();
    const changes = await changesDuring([userId], async () => {
      for (const [label, content] of [['svg', SVG], ['html', HTML], ['svg with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), SVG])]] as const) {
        for (const name of ['avatar.png', 'avatar.svg', 'avatar.html']) {
          const answer = await client.patch('/user/update-avatar', form(content, name));
          expect(answer.body, `${label} as ${name}`).toEqual({ statusCode: 415, message: MSG.avatarBadType, success: false });
        }
      }
    });
    expect(changes, describeChanges(changes)).toEqual([]);
    expect((await client.get('/user/current-user')).body.data.avatar).toBeNull();
  });
});

describe('WebSocket', () => {
  it('refuses a connection with a forged access token (alg none, wrong key) even with real ids, writing no connection', async () => {
    const { client, userId } = await verifiedUser();
    const claims = claimsOf(client.cookies.get('accessToken')!);
    const changes = await changesDuring([userId], async () => {
      expect(await connectWebSocket(`accessToken=${forgeNone(claims)}`)).toBe(401);
      expect(await connectWebSocket(`accessToken=${await forgeHs256(claims, WRONG_KEY)}`)).toBe(401);
      // No access token: an anonymous connection, which may watch tournaments but joins no user's channel.
      const anonymous = await connectWebSocket(`refreshToken=${client.cookies.get('refreshToken') ?? 'x.y'}`);
      if (typeof anonymous === 'number') throw new Error(`upgrade refused with ${anonymous}`);
      expect(await sendJoin(anonymous, userId)).toEqual({ action: 'join', statusCode: 403 });
      anonymous.close();
    });
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("refuses join for another user's id and writes nothing for them", async () => {
    const { client, userId } = await verifiedUser();
    const victim = await verifiedUser();
    const socket = await connectWebSocket(`accessToken=${client.cookies.get('accessToken')}`);
    if (typeof socket === 'number') throw new Error(`upgrade refused with ${socket}`);
    try {
      const changes = await changesDuring([victim.userId], async () => {
        expect(await sendJoin(socket, victim.userId)).toEqual({ action: 'join', statusCode: 403 });
        expect(await sendJoin(socket, victim.userId, { connectionId: randomUUID() })).toEqual({ action: 'join', statusCode: 403 });
      });
      expect(changes, describeChanges(changes)).toEqual([]);
      expect(await sendJoin(socket, userId)).toEqual({ action: 'join', statusCode: 200 });
    } finally {
      socket.close();
    }
  });
});
