import { describe, expect, it } from 'vitest';
import type { ScorerMatch } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { EMPTY_QUEUE, type Queue, type QueuedAction } from './offline-queue.ts';
import { FIRST_RETRY_MS, ScoreSync, TOO_FAST_WAIT_MS } from './score-sync.ts';

const LINK = 'court2';

/** A phone: its storage, its network, its clock and timers, and a server answering as told. */
function phone(answer: (action: QueuedAction) => Promise<ScorerMatch> = (action) => Promise.resolve({ _id: action.matchId } as ScorerMatch)) {
  let stored: Queue = EMPTY_QUEUE;
  let clock = 1_000;
  const timers: { run: () => void; ms: number }[] = [];
  const sent: QueuedAction[] = [];
  const answered: string[] = [];
  const refused: string[] = [];
  const world = { online: true, answer };
  const sync = new ScoreSync({
    link: LINK,
    send: (action) => {
      sent.push(action);
      return world.answer(action);
    },
    load: () => stored,
    save: (queue) => {
      stored = queue;
    },
    isOnline: () => world.online,
    onAnswer: (match) => answered.push(match._id),
    onRefused: (_action, message) => refused.push(message),
    now: () => (clock += 10),
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => timers.splice(0),
  });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { sync, world, sent, answered, refused, timers, stored: () => stored, settled };
}

const refuse = (status: number, message: string) => () => Promise.reject(new ApiError(status, message));

describe('sending the referee’s taps', () => {
  it('sends each tap with its time and clears it once answered', async () => {
    const { sync, sent, answered, stored, settled } = phone();
    sync.score('m1', { home: 1, away: 0 });
    await settled();
    expect(sent).toEqual([{ kind: 'score', matchId: 'm1', score: { home: 1, away: 0, takenAt: 1_010, taps: 1 } }]);
    expect(answered).toEqual(['m1']);
    expect(stored()).toEqual(EMPTY_QUEUE);
    expect(sync.getSnapshot().hold).toBeNull();
  });

  it('merges taps made while a request is on its way into the next one', async () => {
    let release: () => void = () => {};
    const { sync, world, sent, settled } = phone();
    world.answer = (action) =>
      new Promise((resolve) => {
        release = () => resolve({ _id: action.matchId } as ScorerMatch);
      });
    sync.score('m1', { home: 1, away: 0 });
    sync.score('m1', { home: 2, away: 0 });
    sync.score('m1', { home: 3, away: 0 });
    expect(sent).toHaveLength(1);
    release();
    await settled();
    expect(sent.map((action) => action.kind === 'score' && action.score.home)).toEqual([1, 3]);
    release();
    await settled();
    expect(sync.getSnapshot().queue).toEqual(EMPTY_QUEUE);
  });

  it('keeps taps made offline on the phone and sends them, newest last, once the network is back', async () => {
    const { sync, world, sent, timers, stored, settled } = phone();
    world.online = false;
    sync.score('m1', { home: 1, away: 0 });
    sync.score('m1', { home: 1, away: 1 });
    await settled();
    expect(sent).toEqual([]);
    expect(sync.getSnapshot().hold).toBe('offline');
    expect(stored().m1.score).toMatchObject({ home: 1, away: 1, taps: 2 });
    // A tap meanwhile does not push the retry further away.
    expect(timers.map((timer) => timer.ms)).toEqual([FIRST_RETRY_MS]);
    world.online = true;
    await sync.flush(); // the page's 'online' event
    expect(sent.map((action) => action.kind === 'score' && action.score.away)).toEqual([1]);
    expect(sync.getSnapshot().hold).toBeNull();
    expect(stored()).toEqual(EMPTY_QUEUE);
  });

  it('keeps a tap whose request failed and tries again later and later', async () => {
    const { sync, world, timers, stored, settled } = phone(refuse(0, MSG.connectionFailed));
    sync.score('m1', { home: 1, away: 0 });
    await settled();
    expect(sync.getSnapshot().hold).toBe('offline');
    expect(stored().m1.score).toMatchObject({ home: 1, taps: 1 });
    timers.shift()!.run();
    await settled();
    timers.shift()!.run();
    await settled();
    expect(timers.map((timer) => timer.ms)).toEqual([FIRST_RETRY_MS * 4]);
    world.answer = (action) => Promise.resolve({ _id: action.matchId } as ScorerMatch);
    timers.shift()!.run();
    await settled();
    expect(stored()).toEqual(EMPTY_QUEUE);
    expect(sync.getSnapshot().hold).toBeNull();
  });

  it('has nothing to wait for with nothing to send, offline or not', async () => {
    const { sync, world, timers } = phone();
    world.online = false;
    await sync.flush();
    expect(timers).toEqual([]);
    expect(sync.getSnapshot().hold).toBeNull();
  });

  it('waits some seconds after too many taps (429), keeping the score', async () => {
    const { sync, timers, stored, settled } = phone(refuse(429, MSG.scorerTooFast));
    sync.score('m1', { home: 1, away: 0 });
    await settled();
    expect(sync.getSnapshot().hold).toBe('too-fast');
    expect(timers[0].ms).toBeGreaterThanOrEqual(TOO_FAST_WAIT_MS);
    expect(stored().m1.score).toMatchObject({ home: 1 });
  });

  it('stops at a dead link (401): nothing more is sent', async () => {
    const { sync, sent, settled } = phone(refuse(401, MSG.scorerLinkInvalid));
    sync.score('m1', { home: 1, away: 0 });
    await settled();
    expect(sync.getSnapshot().linkDead).toBe(true);
    sync.score('m1', { home: 2, away: 0 });
    await sync.flush();
    expect(sent).toHaveLength(1);
  });

  it('drops a request the server will never take, says why, and goes on with the rest', async () => {
    const { sync, world, sent, refused, stored, settled } = phone();
    world.online = false;
    sync.score('m1', { home: 1, away: 1 });
    sync.end('m1', { winnerTeamId: 'tapti', score: { home: 1, away: 1 }, takenAt: sync.takenAtFor('m1') });
    sync.score('m2', { home: 0, away: 1 });
    world.online = true;
    world.answer = (action) => (action.kind === 'end' ? refuse(400, MSG.levelScoreIsDraw)() : Promise.resolve({ _id: action.matchId } as ScorerMatch));
    await sync.flush();
    await settled();
    expect(sent.map((action) => `${action.matchId}:${action.kind}`)).toEqual(['m1:score', 'm1:end', 'm2:score']);
    expect(refused).toEqual([MSG.levelScoreIsDraw]);
    expect(stored()).toEqual(EMPTY_QUEUE);
  });
});
