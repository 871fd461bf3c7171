// Live match cards (issue 13 §3): anyone may watch a tournament over the WebSocket; event changes reach
// the watchers at once; bets move the crowd split, broadcast coalesced; the split stays exact after a
// redelivered stream batch once recounted; a signed-in bettor reads their own bets for the cards.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CardBet, LivePush, WatchReply } from '#shared/api.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import type WebSocket from 'ws';
import * as fixture from '../../scripts/bench/bettors.ts';
import type { ApiClient } from '../helpers/api.ts';
import { connectWebSocket, newClient, sendAndAwaitReply, sendJoin, verifiedUser } from './accounts-flows.ts';
import { createEvent, operatorClient } from './game-flows.ts';
import { ASYNC_BACKLOG_MS, waitFor } from './settlement-flows.ts';

let m: fixture.Domain & { connections: typeof import('#functions/data/connections.ts') };
let operator: ApiClient;

beforeAll(async () => {
  // The in-process broadcasts post through the local gateway's Management API, as the worker's do.
  Object.assign(process.env, inject('cloudEnv'), { JWT_SECRET: inject('jwtSecret'), WS_MANAGEMENT_ENDPOINT: inject('baseUrl') });
  useTestEnv();
  m = { ...(await fixture.domainModules()), connections: await import('#functions/data/connections.ts') };
  operator = await operatorClient();
});

const baseUrl = () => inject('baseUrl');

/** An open socket (anonymous unless a cookie is given), recording every push it receives with its arrival time. */
async function watcher(cookie?: string) {
  const socket = await connectWebSocket(cookie);
  if (typeof socket === 'number') throw new Error(`upgrade refused with ${socket}`);
  const pushes: { at: number; push: LivePush }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString());
    if ('event' in message) pushes.push({ at: Date.now(), push: message });
  });
  return { socket, pushes };
}

/** Sends a watch and resolves its reply. */
const sendWatch = (socket: WebSocket, tournamentId: unknown) => sendAndAwaitReply(socket, { action: 'watch', tournamentId }) as Promise<WatchReply>;

const crowdPushes = (pushes: { push: LivePush }[], eventId: string) =>
  pushes.flatMap(({ push }) => (push.event === 'crowd' && push.data.eventId === eventId ? [push.data.bettors] : []));

describe('watching a tournament', () => {
  it('is open to anyone: an anonymous connection watches, but still joins no user channel', async () => {
    const { tournamentId } = await createEvent(operator);
    const { socket } = await watcher();
    try {
      expect(await sendWatch(socket, tournamentId)).toEqual({ action: 'watch', statusCode: 200, tournamentId, crowds: [] });
      expect(await sendJoin(socket, randomUUID())).toEqual({ action: 'join', statusCode: 403 });
      expect((await sendWatch(socket, 'not-an-id')).statusCode).toBe(400);
      expect((await sendWatch(socket, randomUUID())).statusCode).toBe(404);
    } finally {
      socket.close();
    }
  });

  it("keeps the signed-in user's channel and refuses another user's", async () => {
    const { client, userId } = await verifiedUser();
    const { tournamentId } = await createEvent(operator);
    const { socket } = await watcher(`accessToken=${client.cookies.get('accessToken')}`);
    try {
      expect(await sendJoin(socket, userId)).toEqual({ action: 'join', statusCode: 200 });
      expect((await sendWatch(socket, tournamentId)).statusCode).toBe(200);
      expect(await sendJoin(socket, randomUUID())).toEqual({ action: 'join', statusCode: 403 });
    } finally {
      socket.close();
    }
  });

  it('caps the tournaments one connection watches, and forgets the watches when it closes', async () => {
    const { MAX_WATCHES } = await import('#functions/data/connections.ts');
    const tournaments = await Promise.all(Array.from({ length: MAX_WATCHES + 1 }, () => m.catalog.createTournament({ title: 'Watched Cup', previewImg: '/demo/cricket.svg' })));
    const { socket } = await watcher();
    const watchedBy = async (tournamentId: string) => (await m.connections.listWatchersPage(tournamentId)).connectionIds;
    for (const t of tournaments.slice(0, MAX_WATCHES)) expect((await sendWatch(socket, t._id)).statusCode).toBe(200);
    expect(await sendWatch(socket, tournaments[MAX_WATCHES]._id)).toMatchObject({ statusCode: 429, maxWatches: MAX_WATCHES });
    expect((await sendWatch(socket, tournaments[0]._id)).statusCode).toBe(200); // watching again is no new watch
    expect(await watchedBy(tournaments[0]._id)).toHaveLength(1);
    socket.close();
    await waitFor(() => watchedBy(tournaments[0]._id), (ids) => ids.length === 0);
  });

  it('a pause, a reopen and a result reach every watcher at once, even while a crowd split waits out its window', async () => {
    const { event, tournamentId, teams } = await createEvent(operator);
    const watchers = [await watcher(), await watcher()];
    try {
      for (const { socket } of watchers) await sendWatch(socket, tournamentId);
      const states = () => watchers.map(({ pushes }) => pushes.flatMap(({ at, push }) => (push.event === 'event-state' ? [{ at, ...push.data }] : [])));

      // Two bets on another match: the first one's split goes out and starts the 3 s window; the second
      // one's batch has counted its bettor and now waits out that window before broadcasting.
      const busy = await createEvent(operator);
      const { getCrowd } = await import('#functions/data/crowd.ts');
      const bettors = await fixture.createBettors(m, 2);
      const busyBet = { id: busy.event._id, teamId: busy.teams[0]._id, teamName: busy.teams[0].teamName };
      expect(await fixture.placeThroughApi(baseUrl(), bettors[0], busyBet)).toBe('201');
      await waitFor(() => getCrowd(busy.event._id), (split) => split?.broadcastAt !== undefined);
      expect(await fixture.placeThroughApi(baseUrl(), bettors[1], busyBet)).toBe('201');
      await waitFor(() => getCrowd(busy.event._id), (split) => split?.bettors[busy.teams[0]._id] === 2);

      // The event's own creation may reach the watchers late (the stream runs behind under load): the
      // pause is the first paused state each receives after the call, well inside the crowd's 3 s window.
      const pausedAt = Date.now();
      expect((await operator.patch(`/admin/events/${event._id}`, { isBetActive: false })).status).toBe(200);
      const pauses = () => states().map((list) => list.find((state) => state.isBetActive === false));
      await waitFor(() => Promise.resolve(pauses()), (all) => all.every(Boolean));
      for (const state of pauses()) {
        expect(state).toMatchObject({ _id: event._id, tournamentId, isBetActive: false, winnerTeamId: null });
        expect(state!.at - pausedAt).toBeLessThan(2_500);
      }

      expect((await operator.patch(`/admin/events/${event._id}`, { isBetActive: true })).status).toBe(200);
      await waitFor(() => Promise.resolve(states()), (all) => all.every((list) => list.at(-1)?.isBetActive === true));

      const decidedAt = Date.now();
      expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[1]._id })).status).toBe(202);
      await waitFor(() => Promise.resolve(states()), (all) => all.every((list) => list.at(-1)?.winnerTeamId === teams[1]._id));
      for (const list of states()) {
        expect(list.at(-1)!.isBetActive).toBe(false);
        expect(list.at(-1)!.at - decidedAt).toBeLessThan(2_500);
      }
    } finally {
      for (const { socket } of watchers) socket.close();
    }
  }, 3 * ASYNC_BACKLOG_MS);

  it('a watcher whose connection is gone (410) is forgotten by the next broadcast', async () => {
    const tournament = await m.catalog.createTournament({ title: 'Gone Cup', previewImg: '/demo/cricket.svg' });
    const connectionId = `gone-${randomUUID()}`;
    await m.connections.saveConnection({ connectionId }, Math.floor(Date.now() / 1000));
    expect(await m.connections.watchTournament(connectionId, tournament._id, Math.floor(Date.now() / 1000))).toBe('watching');
    const live = await import('#functions/live/live.ts');
    const report = await live.broadcast(tournament._id, { event: 'crowd', data: { eventId: randomUUID(), tournamentId: tournament._id, bettors: {} } });
    expect(report).toEqual({ sent: 0, gone: 1, failed: 0 });
    expect((await m.connections.listWatchersPage(tournament._id)).connectionIds).toEqual([]);
  });
});

describe('the crowd split', () => {
  it('many bets make few broadcasts, coalesced, with the right counts; the watch reply carries the split', async () => {
    const { event, tournamentId, teams } = await createEvent(operator);
    const openEvent = (team: number) => ({ id: event._id, teamId: teams[team]._id, teamName: teams[team].teamName });
    const bettors = await fixture.createBettors(m, 24);
    const { socket, pushes } = await watcher();
    try {
      await sendWatch(socket, tournamentId);
      const startedAt = Date.now();
      // Three waves of 8 bets, 3:1 for the first team, over about 4 s.
      for (let wave = 0; wave < 3; wave++) {
        const statuses = await Promise.all(bettors.slice(wave * 8, wave * 8 + 8).map((b, i) => fixture.placeThroughApi(baseUrl(), b, openEvent(i % 4 === 3 ? 1 : 0))));
        expect(statuses).toEqual(Array(8).fill('201'));
        await sleep(1_500);
      }
      const expected = { [teams[0]._id]: 18, [teams[1]._id]: 6 };
      const isExpected = (split?: Record<string, number>) => Object.keys(expected).every((team) => split?.[team] === expected[team]);
      await waitFor(() => Promise.resolve(crowdPushes(pushes, event._id)), (splits) => isExpected(splits.at(-1)));
      const elapsed = Date.now() - startedAt;
      const splits = crowdPushes(pushes, event._id);
      // At most one broadcast per 3 s window (and one to start), where 24 bets were placed.
      expect(splits.length).toBeLessThanOrEqual(Math.ceil(elapsed / 3_000) + 1);
      const times = pushes.filter(({ push }) => push.event === 'crowd').map(({ at }) => at);
      // Claimed 3 s apart by the worker; the arrival times also carry each broadcast's delivery time.
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThan(1_500);

      const late = await watcher();
      const reply = await sendWatch(late.socket, tournamentId);
      late.socket.close();
      expect(reply.crowds).toEqual([{ eventId: event._id, tournamentId, bettors: expected }]);
    } finally {
      socket.close();
    }
  }, 2 * ASYNC_BACKLOG_MS);

  it('counts a stream batch delivered again only once', async () => {
    const { event, teams } = await createEvent(operator);
    const [bettor] = await fixture.createBettors(m, 1);
    expect(await fixture.placeThroughApi(baseUrl(), bettor, { id: event._id, teamId: teams[1]._id, teamName: teams[1].teamName })).toBe('201');
    const { getCrowd } = await import('#functions/data/crowd.ts');
    await waitFor(() => getCrowd(event._id), (split) => split?.bettors[teams[1]._id] === 1);

    // A batch with another bettor's insert, as the stream hands it to the worker, then the same batch again and again.
    const bet = { ...(await m.bets.getBet(bettor.userId, event._id)), userId: randomUUID() };
    const insert = { eventID: randomUUID(), eventName: 'INSERT', dynamodb: { NewImage: marshall({ entity: 'bet', ...bet }, { removeUndefinedValues: true }) } } as unknown as DynamoDBRecord;
    const worker = await import('#functions/live/handlers/live-crowd.ts');
    const live = await import('#functions/live/live.ts');
    await live.applyCrowdChanges(worker.readCrowdChanges([insert]), 0);
    expect((await getCrowd(event._id))?.bettors[teams[1]._id]).toBe(2);
    await live.applyCrowdChanges(worker.readCrowdChanges([insert]), 0);
    await live.applyCrowdChanges(worker.readCrowdChanges([insert]), 0);
    expect((await getCrowd(event._id))?.bettors[teams[1]._id]).toBe(2);
  }, 2 * ASYNC_BACKLOG_MS);
});

describe('my bets on the cards', () => {
  it("lists the caller's own bets with team and stake, and what a won bet paid", async () => {
    const { event, teams } = await createEvent(operator);
    const user = await verifiedUser();
    expect((await user.client.post('/bet/create-new', { eventId: event._id, teamId: teams[0]._id, betWay: 'coin', amount: 200 })).status).toBe(201);
    const mine = async () => (await user.client.get('/bet/my-bets')).body.data as CardBet[];
    expect(await mine()).toEqual([{ eventId: event._id, teamId: teams[0]._id, amount: 200, status: 'pending' }]);

    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);
    const [won] = await waitFor(mine, ([bet]) => bet.status === 'won');
    expect(won).toEqual({ eventId: event._id, teamId: teams[0]._id, amount: 200, status: 'won', payout: 300 });

    expect((await newClient().get('/bet/my-bets')).status).toBe(401);
  });
});
