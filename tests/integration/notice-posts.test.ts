// The sockets and sessions behind a commit's socket posts are read together (issue 23 §3): the notices
// of one settlement batch tell many bettors, whose sets of sockets are read in one BatchGetItem (not a
// Query each), and before any post each connection's session is checked, in one BatchGetItem for them
// all (not a GetItem each). A connection of an ended session gets nothing and is dropped.
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
  it("read every user's sockets in one BatchGetItem and their sessions in another, and drop the connection of an ended session", async () => {
    const [{ postNoticesToSockets }, { notices }, connections, { nowSeconds }, sessionItems] = await Promise.all([
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
    for (const socket of sockets) await connections.saveConnection(socket, nowSeconds());
    // The last bettor's session ended without its sockets being closed (the closing failed, or raced).
    await sessionItems.deleteSession(sockets.at(-1)?.sessionId ?? '');
    const told = bettors.map((bettor) => notices.welcome(bettor.userId, 100, new Date().toISOString()));

    const { sent } = await recorded(() => postNoticesToSockets(told));
    // The users' sets of sockets, then their sessions, each in one batch; then the ended session's
    // connection is read (for the watches it names) and dropped.
    expect(sent).toEqual(['BatchGetItem', 'BatchGetItem', 'GetItem', 'TransactWriteItems']);
    // The ended session's connection is dropped, never posted to.
    expect(await connections.listUserConnections(bettors[3]?.userId ?? '')).toEqual([]);
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
