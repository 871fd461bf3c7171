// Web Push (issue 13 §2): the subscription lifecycle (validation, the SSRF allow-list, the per-user cap,
// the device list, removal, dropped on a 410 and when its session ends), the sender (a stored notification
// reaches the local test push service encrypted per RFC 8291; decrypted with the subscription's own keys,
// as a browser would, it carries the payload; the VAPID JWT is signed by the published key for the push
// origin) and the betting reminder (to the tournament's bettors and the users who opted in to it).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { PUSH_DEVICE_LIMIT, type PushDevice, type PushPayload } from '#shared/push.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import type { ApiClient } from '../helpers/api.ts';
import { baseUrl, newClient, PASSWORD, verifiedUser } from './accounts-flows.ts';
import { createEvent, createTournament, operatorClient } from './game-flows.ts';
import { ASYNC_BACKLOG_MS, placeBets, tournamentBettorsRecorded, waitFor } from './settlement-flows.ts';

interface CapturedPush {
  id: string;
  headers: Record<string, string>;
  body: string;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and an endpoint on the test push service. */
function browserSubscription(id = randomUUID()) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    id,
    ecdh,
    auth,
    json: { endpoint: `${baseUrl()}/_local/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}
type BrowserSubscription = ReturnType<typeof browserSubscription>;

/** A p256dh of a public key's length and prefix whose point is not on P-256: a real key with its last bit flipped. */
function offCurveKey(): string {
  const point = browserSubscription().ecdh.getPublicKey();
  point[point.length - 1] ^= 1;
  return point.toString('base64url');
}

const error = (statusCode: number, message: string) => ({ statusCode, message, success: false });
const devicesOf = async (client: ApiClient, endpoint?: string): Promise<PushDevice[]> =>
  (await client.get(`/user/push-subscriptions${endpoint ? `?${new URLSearchParams({ endpoint })}` : ''}`)).body.data;
/** DELETE /user/push-subscription with a JSON body (the API client's delete sends none). */
async function removeDevice(client: ApiClient, body: object): Promise<{ status: number; body: any }> {
  const answer = await client.raw('/user/push-subscription', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: answer.status, body: await answer.json() };
}
const pushesTo = async (id: string): Promise<CapturedPush[]> => ((await (await fetch(`${baseUrl()}/_local/push`)).json()) as CapturedPush[]).filter((p) => p.id === id);

/** What a browser would show: the body decrypted with the subscription's private key and auth secret. */
function decrypt(push: CapturedPush, subscription: BrowserSubscription): PushPayload {
  const plain = ece.decrypt(Buffer.from(push.body, 'base64'), { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth.toString('base64url') });
  return JSON.parse(plain.toString('utf8')) as PushPayload;
}

let operator: ApiClient;
beforeAll(async () => {
  operator = await operatorClient();
});

describe('push subscriptions', () => {
  it('publishes the VAPID public key (an uncompressed P-256 point, base64url) to signed-in users', async () => {
    const { client } = await verifiedUser();
    const answer = await client.get('/user/push-public-key');
    expect(answer.status).toBe(200);
    const key = Buffer.from(answer.body.data.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await newClient().get('/user/push-public-key')).status).toBe(401);
  });

  it('stores a device, lists it (marking this one), replaces it when subscribed again, removes it by endpoint or id', async () => {
    const { client } = await verifiedUser();
    const phone = browserSubscription();
    const laptop = browserSubscription();
    const added = await client.post('/user/push-subscription', phone.json, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ message: MSG.pushSubscribed, data: { id: expect.stringMatching(/^[\w-]{43}$/), label: 'Chrome on Android', current: true } });
    expect((await client.post('/user/push-subscription', phone.json)).status).toBe(201); // again: replaced, not doubled
    expect((await client.post('/user/push-subscription', laptop.json)).status).toBe(201);

    const devices = await devicesOf(client, phone.json.endpoint);
    expect(devices).toHaveLength(2);
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices.find((d) => d.current)?.id).toBe(added.body.data.id);
    expect(devices.every((d) => !('endpoint' in d))).toBe(true);

    expect((await removeDevice(client, { endpoint: phone.json.endpoint })).body).toMatchObject({ data: { removed: true }, message: MSG.pushUnsubscribed });
    const [left] = await devicesOf(client);
    expect((await removeDevice(client, { id: left.id })).body.data).toEqual({ removed: true });
    expect((await removeDevice(client, { id: left.id })).body.data).toEqual({ removed: false });
    expect(await devicesOf(client)).toEqual([]);
    expect((await removeDevice(client, {})).body).toEqual(error(400, MSG.pushDeviceRequired));
    expect((await newClient().post('/user/push-subscription', phone.json)).status).toBe(401);
  });

  it('refuses endpoints that are not a push service (no server-side request forgery) and malformed keys, storing nothing', async () => {
    const { client } = await verifiedUser();
    const { json } = browserSubscription();
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      `${baseUrl()}/api/v1/user/logout-user`,
      `${baseUrl()}/_local/push/../../api/v1/user/logout-user`,
      'file:///etc/passwd',
    ]) {
      expect((await client.post('/user/push-subscription', { ...json, endpoint })).body, endpoint).toEqual(error(400, MSG.pushEndpointNotAllowed));
    }
    expect((await client.post('/user/push-subscription', { ...json, endpoint: `https://fcm.googleapis.com/${'a'.repeat(2100)}` })).body).toEqual(error(400, MSG.pushEndpointNotAllowed));
    expect((await client.post('/user/push-subscription', { ...json, keys: { ...json.keys, p256dh: randomBytes(32).toString('base64url') } })).body).toEqual(error(400, MSG.pushSubscriptionInvalid));
    expect((await client.post('/user/push-subscription', { ...json, keys: { p256dh: json.keys.p256dh } })).body).toEqual(error(400, MSG.pushSubscriptionInvalid));
    expect((await client.post('/user/push-subscription', { endpoint: json.endpoint })).body).toEqual(error(400, MSG.pushSubscriptionInvalid));
    expect(await devicesOf(client)).toEqual([]);
    // A real push service's endpoint is accepted; removed at once, so that the push sender never tries the
    // real service for this user (a stalled send there held up the other tests' pushes).
    const real = 'https://fcm.googleapis.com/fcm/send/abc:def';
    expect((await client.post('/user/push-subscription', { ...json, endpoint: real })).status).toBe(201);
    expect((await removeDevice(client, { endpoint: real })).body.data).toEqual({ removed: true });
  });

  it('refuses a key of the right length and prefix that is not a point on P-256 (every push to it would fail), storing nothing', async () => {
    const { client } = await verifiedUser();
    const { json } = browserSubscription();
    expect((await client.post('/user/push-subscription', { ...json, keys: { ...json.keys, p256dh: offCurveKey() } })).body).toEqual(error(400, MSG.pushSubscriptionInvalid));
    expect(await devicesOf(client)).toEqual([]);
  });

  it(`keeps at most ${PUSH_DEVICE_LIMIT} devices a user; one of them subscribing again is still fine`, async () => {
    const { client } = await verifiedUser();
    const subscriptions = Array.from({ length: PUSH_DEVICE_LIMIT }, () => browserSubscription());
    for (const s of subscriptions) expect((await client.post('/user/push-subscription', s.json)).status).toBe(201);
    expect((await client.post('/user/push-subscription', browserSubscription().json)).body).toEqual(error(409, MSG.pushDeviceLimit));
    expect((await client.post('/user/push-subscription', subscriptions[3].json)).status).toBe(201);
    expect(await devicesOf(client)).toHaveLength(PUSH_DEVICE_LIMIT);
  });

  it(`keeps the cap when ${PUSH_DEVICE_LIMIT + 5} devices subscribe at once: never more than ${PUSH_DEVICE_LIMIT} stored, the rest refused`, async () => {
    const { client } = await verifiedUser();
    const answers = await Promise.all(Array.from({ length: PUSH_DEVICE_LIMIT + 5 }, () => client.post('/user/push-subscription', browserSubscription().json)));
    const stored = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status !== 201).map((a) => a.body.message);
    // Each one stored was answered 201; the others met the cap, or lost the race on the count past the
    // retries (nothing written). The cap is never passed, and it refused only once it was reached.
    for (const message of refused) expect([MSG.pushDeviceLimit, MSG.settingsBusy]).toContain(message);
    expect(await devicesOf(client)).toHaveLength(stored);
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(PUSH_DEVICE_LIMIT);
    if (refused.includes(MSG.pushDeviceLimit)) expect(stored).toBe(PUSH_DEVICE_LIMIT);
    for (let more = stored; more < PUSH_DEVICE_LIMIT; more++) expect((await client.post('/user/push-subscription', browserSubscription().json)).status).toBe(201);
    // A removal frees a place (the count goes down with it).
    expect((await removeDevice(client, { id: (await devicesOf(client))[0].id })).body.data).toEqual({ removed: true });
    expect((await client.post('/user/push-subscription', browserSubscription().json)).status).toBe(201);
    expect((await client.post('/user/push-subscription', browserSubscription().json)).body).toEqual(error(409, MSG.pushDeviceLimit));
  });

  it('drops the subscriptions of a session when it ends (logout), not those of the user\'s other sessions', async () => {
    const user = await verifiedUser();
    const other = newClient();
    expect((await other.post('/user/login-user', { email: user.email, password: PASSWORD })).status).toBe(200);
    const ending = browserSubscription();
    const staying = browserSubscription();
    expect((await user.client.post('/user/push-subscription', ending.json)).status).toBe(201);
    expect((await other.post('/user/push-subscription', staying.json)).status).toBe(201);
    expect(await devicesOf(other)).toHaveLength(2);
    expect((await user.client.get('/user/logout-user')).status).toBe(200);
    const left = await waitFor(() => devicesOf(other, staying.json.endpoint), (devices) => devices.length === 1);
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  }, 2 * ASYNC_BACKLOG_MS);
});

describe('push sender', () => {
  it("sends a settled bet's notification to the bettor's device, encrypted (RFC 8291) and signed (VAPID); tapping opens the bets", async () => {
    const { event, teams } = await createEvent(operator);
    const [bettor] = await placeBets(event, [{ team: 0, amount: 100 }]);
    const device = browserSubscription();
    expect((await bettor.client.post('/user/push-subscription', device.json)).status).toBe(201);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);

    // The welcome notice may reach a device subscribed right after sign-up (the stream lags the write): wait for the payout's.
    const isPayout = (p: CapturedPush) => decrypt(p, device).tag === `payout#${event._id}`;
    const push = (await waitFor(() => pushesTo(device.id), (pushes) => pushes.some(isPayout))).find(isPayout)!;
    expect(decrypt(push, device)).toEqual({
      title: 'You won your bet!',
      body: expect.stringContaining('150 coins'),
      url: `/profile/${bettor.userId}`,
      tag: `payout#${event._id}`,
    });
    expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: String(24 * 60 * 60), urgency: 'normal' });

    // Authorization: vapid t=<JWT signed with the published key, for this push service's origin>, k=<that key>.
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization) ?? [];
    const publicKey: string = (await bettor.client.get('/user/push-public-key')).body.data.publicKey;
    expect(key).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
    const { payload } = await jwtVerify(token, jwk, { audience: new URL(baseUrl()).origin, algorithms: ['ES256'] });
    expect(payload.sub).toMatch(/^mailto:/);
    expect(payload.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it('removes a subscription the push service answers 410 for; a prize notice still reaches the other device', async () => {
    const user = await verifiedUser();
    const gone = browserSubscription(`gone-${randomUUID()}`);
    const live = browserSubscription();
    for (const s of [gone, live]) expect((await user.client.post('/user/push-subscription', s.json)).status).toBe(201);
    expect((await operator.post(`/admin/users/${user.userId}/credit`, { coins: 5, reason: 'Quiz night' })).status).toBe(200);

    // (The welcome notice may arrive too: its stream record can reach the sender after the subscription.)
    const prizes = (pushes: CapturedPush[]) => pushes.map((p) => decrypt(p, live)).filter((payload) => payload.title === 'Prize credited');
    const [prize] = prizes(await waitFor(() => pushesTo(live.id), (pushes) => prizes(pushes).length > 0));
    expect(prize).toMatchObject({ url: '/wallet', tag: expect.stringMatching(/^prize#/), body: expect.stringContaining('Quiz night') });
    const devices = await waitFor(() => devicesOf(user.client, live.json.endpoint), (list) => list.length === 1);
    expect(devices).toEqual([expect.objectContaining({ current: true })]);
  });

  it('drops the devices whose pushes fail for good (a key off the curve or an endpoint that is no URL, stored before the checks; the push service refusing with 403), keeps one it is busy for (503)', async () => {
    Object.assign(process.env, inject('cloudEnv'));
    useTestEnv();
    const stored = await import('#functions/data/push-subscriptions.ts');
    const user = await verifiedUser();
    const [offCurve, refused, busy, live] = [browserSubscription(), browserSubscription(`refused-${randomUUID()}`), browserSubscription(`busy-${randomUUID()}`), browserSubscription()];
    for (const s of [offCurve, refused, busy, live]) expect((await user.client.post('/user/push-subscription', s.json)).status).toBe(201);
    // What the API no longer stores, written as an older server did: under the same session, so that only its data condemns it.
    const [record] = (await stored.listSubscriptions(user.userId)).filter((r) => r.endpoint === offCurve.json.endpoint);
    expect(await stored.saveSubscription({ ...record, p256dh: offCurveKey() }, PUSH_DEVICE_LIMIT)).toBe('replaced');
    const notUrl = 'fcm.googleapis.com/fcm/send/no-scheme';
    expect(await stored.saveSubscription({ ...record, endpoint: notUrl, subscriptionId: stored.subscriptionIdOf(notUrl) }, PUSH_DEVICE_LIMIT)).toBe('added');

    expect((await operator.post(`/admin/users/${user.userId}/credit`, { coins: 5, reason: 'Quiz night' })).status).toBe(200);
    await waitFor(() => pushesTo(live.id), (pushes) => pushes.some((p) => decrypt(p, live).title === 'Prize credited'));
    const left = await waitFor(() => stored.listSubscriptions(user.userId), (list) => list.length === 2);
    expect(left.map((r) => r.endpoint).sort()).toEqual([busy.json.endpoint, live.json.endpoint].sort());
  }, 3 * ASYNC_BACKLOG_MS);

  it("reads in one batch which notices' users have a device (most have none and cost no Query); a device added after its last one went is pushed to again", async () => {
    Object.assign(process.env, inject('cloudEnv'));
    useTestEnv();
    const { usersWithDevices } = await import('#functions/notifications/web-push-delivery.ts');
    const [never, subscribed, removedAll] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    expect((await subscribed.client.post('/user/push-subscription', browserSubscription().json)).status).toBe(201);
    expect((await removedAll.client.post('/user/push-subscription', browserSubscription().json)).status).toBe(201);
    expect((await removeDevice(removedAll.client, { id: (await devicesOf(removedAll.client))[0].id })).body.data).toEqual({ removed: true });
    const users = [never, subscribed, removedAll].map((u) => u.userId);
    expect([...(await usersWithDevices([...users, subscribed.userId]))]).toEqual([subscribed.userId]);

    const again = browserSubscription();
    expect((await removedAll.client.post('/user/push-subscription', again.json)).status).toBe(201);
    expect([...(await usersWithDevices(users))].sort()).toEqual([subscribed.userId, removedAll.userId].sort());
    expect((await operator.post(`/admin/users/${removedAll.userId}/credit`, { coins: 5, reason: 'Quiz night' })).status).toBe(200);
    await waitFor(() => pushesTo(again.id), (pushes) => pushes.some((p) => decrypt(p, again).title === 'Prize credited'));
  }, 2 * ASYNC_BACKLOG_MS);
});

describe('tournament reminder opt-in', () => {
  const path = (tournamentId: string) => `/user/tournament-reminders/${tournamentId}`;

  it('turns on and off for a tournament (again: no change), its state readable; refuses an unknown tournament, a bad id and visitors', async () => {
    const { client } = await verifiedUser();
    const { _id: tournamentId } = await createTournament(operator);
    expect((await client.get(path(tournamentId))).body.data).toEqual({ optedIn: false });
    expect((await client.put(path(tournamentId))).body).toMatchObject({ statusCode: 200, data: { optedIn: true }, message: MSG.reminderOptedIn });
    expect((await client.put(path(tournamentId))).body.data).toEqual({ optedIn: true });
    expect((await client.get(path(tournamentId))).body.data).toEqual({ optedIn: true });
    expect((await client.delete(path(tournamentId))).body).toMatchObject({ statusCode: 200, data: { optedIn: false }, message: MSG.reminderOptedOut });
    expect((await client.delete(path(tournamentId))).body.data).toEqual({ optedIn: false });
    expect((await client.get(path(tournamentId))).body.data).toEqual({ optedIn: false });

    expect((await client.put(path(randomUUID()))).body).toEqual(error(404, MSG.tournamentNotFound));
    expect((await client.put(path('not-an-id'))).body).toEqual(error(400, MSG.invalidId));
    expect((await client.get(path('not-an-id'))).body).toEqual(error(400, MSG.invalidId));
    expect((await newClient().put(path(tournamentId))).status).toBe(401);
    expect((await newClient().get(path(tournamentId))).status).toBe(401);
  });

  it('caps the opt-ins a user holds, also when they race (the data layer with a small cap, on the local table)', async () => {
    Object.assign(process.env, inject('cloudEnv'));
    useTestEnv();
    const reminders = await import('#functions/data/reminders.ts');
    const { userId } = await verifiedUser();
    const tournaments = await Promise.all(Array.from({ length: 6 }, () => createTournament(operator)));
    const outcomes = await Promise.all(tournaments.map((t) => reminders.addOptIn(userId, t._id, 3)));
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'limit')).toHaveLength(3);
    const held = tournaments.filter((_, i) => outcomes[i] === 'added');
    expect(await reminders.addOptIn(userId, held[0]._id, 3)).toBe('already');
    // Opting out frees a place.
    expect(await reminders.removeOptIn(userId, held[0]._id)).toBe(true);
    expect(await reminders.addOptIn(userId, tournaments[outcomes.indexOf('limit')]._id, 3)).toBe('added');
    expect(await reminders.addOptIn(userId, held[0]._id, 3)).toBe('limit');
  });
});

describe('betting reminder', () => {
  interface LocalSchedule {
    Name: string;
    ScheduleExpression: string;
    Target: { Input: string };
  }
  const scheduleOf = async (name: string): Promise<LocalSchedule | undefined> =>
    ((await (await fetch(`${baseUrl()}/_local/scheduler`)).json()) as LocalSchedule[]).find((s) => s.Name === name);
  const fire = async (name: string) => (await (await fetch(`${baseUrl()}/_local/scheduler/fire/${name}`, { method: 'POST' })).json()).result;
  const atOf = (time: string) => `at(${new Date(Date.parse(time) - 15 * 60 * 1000).toISOString().slice(0, 19)})`;

  it("is scheduled 15 minutes before a new match, moves with its time, and reminds the tournament's bettors who have not bet on it, once", async () => {
    const first = await createEvent(operator);
    const [alreadyIn, notYet] = await placeBets(first.event, [
      { team: 0, amount: 50 },
      { team: 1, amount: 50 },
    ]);
    const devices = [browserSubscription(), browserSubscription()];
    expect((await alreadyIn.client.post('/user/push-subscription', devices[0].json)).status).toBe(201);
    expect((await notYet.client.post('/user/push-subscription', devices[1].json)).status).toBe(201);

    const { event, teams } = await createEvent(operator, { tournamentId: first.tournamentId });
    const name = `reminder-${event._id}`;
    const scheduled = await waitFor(() => scheduleOf(name), (s) => s?.ScheduleExpression === atOf(event.time));
    expect(JSON.parse(scheduled!.Target.Input)).toEqual({ eventId: event._id, remindAt: new Date(Date.parse(event.time) - 15 * 60 * 1000).toISOString() });
    // A new start time moves it.
    const later = new Date(Date.parse(event.time) + 60 * 60 * 1000).toISOString();
    expect((await operator.patch(`/admin/events/${event._id}`, { time: later })).status).toBe(200);
    const moved = await waitFor(() => scheduleOf(name), (s) => s?.ScheduleExpression === atOf(later));

    expect((await alreadyIn.client.post('/bet/create-new', { eventId: event._id, teamId: teams[0]._id, amount: 50, betWay: 'coin' })).status).toBe(201);
    await tournamentBettorsRecorded(first.tournamentId, [alreadyIn.userId, notYet.userId]);
    expect(await fire(name)).toEqual({ reminded: 1, skipped: 1 });
    const [push] = await waitFor(() => pushesTo(devices[1].id), (pushes) => pushes.some((p) => decrypt(p, devices[1]).tag.startsWith('reminder#')));
    expect(decrypt(push, devices[1])).toEqual({
      title: MSG.bettingClosesSoonTitle,
      body: `Betting on ${teams[0].teamName} vs ${teams[1].teamName} closes in 15 minutes`,
      url: `/events?tournamentId=${first.tournamentId}`,
      tag: `reminder#${event._id}`,
    });
    expect(push.headers).toMatchObject({ urgency: 'high', ttl: '900' });
    expect((await pushesTo(devices[0].id)).map((p) => decrypt(p, devices[0]).tag)).not.toContain(`reminder#${event._id}`);
    // Fired again (the scheduler retried): nobody is reminded twice.
    await fetch(`${baseUrl()}/_local/scheduler/schedules/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(moved) });
    expect(await fire(name)).toEqual({ reminded: 0, skipped: 2 });
    // The schedule made for the old time reminds nobody: the event moved.
    await fetch(`${baseUrl()}/_local/scheduler/schedules/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(scheduled) });
    expect(await fire(name)).toEqual({ reminded: 0, skipped: 0 });
  }, 3 * ASYNC_BACKLOG_MS);

  it('reaches users who opted in to the tournament without betting in it, once each (a bettor who also opted in too)', async () => {
    const first = await createEvent(operator);
    const [bettorAndOptedIn] = await placeBets(first.event, [{ team: 0, amount: 50 }]);
    const optedIn = await verifiedUser();
    const devices = [browserSubscription(), browserSubscription()];
    for (const [i, user] of [bettorAndOptedIn, optedIn].entries()) {
      expect((await user.client.put(`/user/tournament-reminders/${first.tournamentId}`)).status).toBe(200);
      expect((await user.client.post('/user/push-subscription', devices[i].json)).status).toBe(201);
    }
    const { event } = await createEvent(operator, { tournamentId: first.tournamentId });
    const name = `reminder-${event._id}`;
    await waitFor(() => scheduleOf(name), (s) => s?.ScheduleExpression === atOf(event.time));
    expect(await fire(name)).toEqual({ reminded: 2, skipped: 0 });
    for (const device of devices) {
      const pushes = await waitFor(() => pushesTo(device.id), (list) => list.some((p) => decrypt(p, device).tag === `reminder#${event._id}`));
      expect(pushes.filter((p) => decrypt(p, device).tag === `reminder#${event._id}`)).toHaveLength(1);
    }
  }, 3 * ASYNC_BACKLOG_MS);
});
