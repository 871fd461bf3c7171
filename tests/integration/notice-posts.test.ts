// The sockets and sessions behind a commit's socket posts are read together (issue 23 §3): the notices
// of one settlement batch tell many bettors, whose sets of sockets are read in one BatchGetItem (not a
// Query each). Before any post each connection's session is checked: by the mark $connect set on the
// user's sockets (removed in the transaction that ends the session), else in one BatchGetItem of the
// sessions no mark vouches for. A connection of an ended session gets nothing and is dropped.
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '#shared/constants.ts';
import * as fixture from '../../scripts/bench/bettors.ts';
import { recordedDomain } from '../helpers/dynamodb-requests.ts';

let domain: fixture.Domain;
let recorded: Awaited<ReturnType<typeof recordedDomain>>['recorded'];

beforeAll(async () => {
  ({ domain, recorded } = await recordedDomain());
});

describe("a commit's notices posted to sockets", () => {
  it("read every user's sockets in one BatchGetItem and the sessions no mark vouches for in another, and drop the connection of an ended session", async () => {
    const [{ postNoticesToSockets }, { notices }, connections, { nowSeconds, transactWrite }, sessionItems] = await Promise.all([
      import('#functions/notifications/socket-notices.ts'),
      import('#functions/notifications/notice-texts.ts'),
      import('#functions/data/connections.ts'),
      import('#functions/platform/dynamodb.ts'),
      import('#functions/data/sessions.ts'),
    ]);
    const bettors = await fixture.createBettors(domain, 4);
    const tokens = bettors.map((bettor) => bettor.cookie.slice(`${ACCESS_COOKIE}=`.length));
    // Two sockets for the first bettor (two tabs), one for each other.
    const sockets = bettors.flatMap((bettor, i) => {
      const sessionId = String(decodeJwt(tokens[i] ?? '').sid);
      return Array.from({ length: i === 0 ? 2 : 1 }, () => ({ connectionId: randomUUID(), userId: bettor.userId, sessionId }));
    });
    // Stored without marks (as before marks existed): each session is read.
    for (const socket of sockets) await connections.saveConnection(socket, nowSeconds());
    // The last bettor's session ended without its sockets being closed (the closing failed, or raced).
    await transactWrite(sessionItems.endSessionsItems(bettors[3]?.userId ?? '', [sockets.at(-1)?.sessionId ?? '']));
    const told = bettors.map((bettor) => notices.welcome(bettor.userId, 100, new Date().toISOString()));

    const { sent } = await recorded(() => postNoticesToSockets(told));
    // The users' sets of sockets, then their sessions, each in one batch; then the ended session's
    // connection is read (for the watches it names) and dropped.
    expect(sent).toEqual(['BatchGetItem', 'BatchGetItem', 'GetItem', 'TransactWriteItems']);
    // The ended session's connection is dropped, never posted to.
    expect(await connections.listUserConnections(bettors[3]?.userId ?? '')).toEqual([]);
  });
});

describe('the marks $connect sets', () => {
  it('vouch for open sessions (no session read), never for one that ended since: that one is read, and its socket dropped', async () => {
    const [{ postNoticesToSockets }, { notices }, connections, { transactWrite }, sessionItems, { openSocket }] = await Promise.all([
      import('#functions/notifications/socket-notices.ts'),
      import('#functions/notifications/notice-texts.ts'),
      import('#functions/data/connections.ts'),
      import('#functions/platform/dynamodb.ts'),
      import('#functions/data/sessions.ts'),
      import('#functions/identity/sessions.ts'),
    ]);
    const bettors = await fixture.createBettors(domain, 3);
    const tokens = bettors.map((bettor) => bettor.cookie.slice(`${ACCESS_COOKIE}=`.length));
    for (const token of tokens) expect(await openSocket(randomUUID(), token)).toBe(true);
    const told = () => bettors.map((bettor) => notices.welcome(bettor.userId, 100, new Date().toISOString()));

    const vouched = await recorded(() => postNoticesToSockets(told()));
    expect(vouched.sent).toEqual(['BatchGetItem']);

    // The last bettor's session ends as a logout ends it, but its socket's closing fails: the mark went with the session.
    const last = bettors[2];
    const sessionId = String(decodeJwt(tokens[2] ?? '').sid);
    await transactWrite(sessionItems.endSessionsItems(last.userId, [sessionId]));
    expect((await connections.listUserConnections(last.userId)).map((c) => c.sessionOpenUntil)).toEqual([undefined]);
    const { sent } = await recorded(() => postNoticesToSockets(told()));
    expect(sent).toEqual(['BatchGetItem', 'BatchGetItem', 'GetItem', 'TransactWriteItems']);
    expect(await connections.listUserConnections(last.userId)).toEqual([]);
    // Nor can a socket of that session connect again.
    expect(await openSocket(randomUUID(), tokens[2])).toBe(false);
    expect(await connections.listUserConnections(last.userId)).toEqual([]);
  });

  it('are refused when the session ends between the read and the write, vouch for nothing once expired, and a later connect drops those that vouch for nothing', async () => {
    const [{ postNoticesToSockets }, { notices }, connections, sessionItems, { nowSeconds, transactWrite }] = await Promise.all([
      import('#functions/notifications/socket-notices.ts'),
      import('#functions/notifications/notice-texts.ts'),
      import('#functions/data/connections.ts'),
      import('#functions/data/sessions.ts'),
      import('#functions/platform/dynamodb.ts'),
    ]);
    const [bettor, other] = await fixture.createBettors(domain, 2);
    const sessionId = String(decodeJwt(bettor.cookie.slice(`${ACCESS_COOKIE}=`.length)).sid);
    const now = nowSeconds();
    // What $connect read of the session, then the session ends before its write.
    const session = { stillOpen: sessionItems.stillOpenCheck(sessionId, bettor.userId, now), openUntil: now + 3600, staleMarks: [] };
    await transactWrite(sessionItems.endSessionsItems(bettor.userId, [sessionId]));
    expect(await connections.saveConnection({ connectionId: randomUUID(), userId: bettor.userId, sessionId }, now, session)).toBe(false);
    expect(await connections.listUserConnections(bettor.userId)).toEqual([]);

    // Marks left by sockets that closed, and an expired one, go with the next connect (each write checks the user's real session).
    const userId = other.userId;
    const check = sessionItems.stillOpenCheck(String(decodeJwt(other.cookie.slice(`${ACCESS_COOKIE}=`.length)).sid), userId, now);
    const open = (openUntil: number, staleMarks: string[] = []) => ({ stillOpen: check, openUntil, staleMarks });
    const [closed, expired, current] = [randomUUID(), randomUUID(), randomUUID()];
    const closedSocket = { connectionId: randomUUID(), userId, sessionId: closed };
    expect(await connections.saveConnection(closedSocket, now, open(now + 3600))).toBe(true);
    await connections.deleteConnection(closedSocket);
    expect(await connections.saveConnection({ connectionId: randomUUID(), userId, sessionId: expired }, now, open(now - 1))).toBe(true);
    // An expired mark vouches for nothing: the session is read (it is gone), and its socket dropped.
    const { sent } = await recorded(() => postNoticesToSockets([notices.welcome(userId, 100, new Date().toISOString())]));
    expect(sent).toEqual(['BatchGetItem', 'BatchGetItem', 'GetItem', 'TransactWriteItems']);
    expect((await connections.listUserConnections(userId)).map((c) => c.sessionId)).toEqual([]);
    const { readTogether } = await import('#functions/platform/dynamodb.ts');
    const [stale] = await readTogether([connections.staleSessionMarksRead(userId, now)], true);
    expect(stale?.sort()).toEqual([closed, expired].sort());
    expect(await connections.saveConnection({ connectionId: randomUUID(), userId, sessionId: current }, now, open(now + 3600, stale ?? []))).toBe(true);
    expect((await readTogether([connections.staleSessionMarksRead(userId, now)], true))[0]).toEqual([]);
    const listed = await connections.listUserConnections(userId);
    expect(listed.find((c) => c.sessionId === current)?.sessionOpenUntil).toBe(now + 3600);
    expect(listed.map((c) => c.sessionId)).toEqual([current]);
  });
});

describe("a user's set of sockets", () => {
  it('costs one BatchGetItem when none of the users told is connected', async () => {
    const [{ postNoticesToSockets }, { notices }] = await Promise.all([import('#functions/notifications/socket-notices.ts'), import('#functions/notifications/notice-texts.ts')]);
    const bettors = await fixture.createBettors(domain, 3);
    const { sent } = await recorded(() => postNoticesToSockets(bettors.map((bettor) => notices.welcome(bettor.userId, 100, new Date().toISOString()))));
    expect(sent).toEqual(['BatchGetItem']);
  });

  it('holds at most MAX_SOCKETS; when full, entries whose records expired make room, live ones never do', async () => {
    const [connections, { nowSeconds }] = await Promise.all([import('#functions/data/connections.ts'), import('#functions/platform/dynamodb.ts')]);
    const userId = randomUUID();
    const sessionId = randomUUID();
    const socket = () => ({ connectionId: randomUUID(), userId, sessionId });
    const hoursAgo = (hours: number) => nowSeconds() - hours * 3600;
    // Three opened three hours ago (API Gateway has closed them; their $disconnect never ran), the rest now.
    for (let i = 0; i < connections.MAX_SOCKETS; i++) expect(await connections.saveConnection(socket(), i < 3 ? hoursAgo(3) : nowSeconds())).toBe(true);
    expect(await connections.listUserConnections(userId)).toHaveLength(connections.MAX_SOCKETS);

    expect(await connections.saveConnection(socket(), nowSeconds())).toBe(true);
    expect(await connections.listUserConnections(userId)).toHaveLength(connections.MAX_SOCKETS - 2);

    expect(await connections.saveConnection(socket(), nowSeconds())).toBe(true);
    expect(await connections.saveConnection(socket(), nowSeconds())).toBe(true);
    const refused = socket();
    expect(await connections.saveConnection(refused, nowSeconds())).toBe(false);
    expect((await connections.listUserConnectionIds(userId)).includes(refused.connectionId)).toBe(false);
    expect(await connections.listUserConnections(userId)).toHaveLength(connections.MAX_SOCKETS);
  });
});
