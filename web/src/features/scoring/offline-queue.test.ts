import { describe, expect, it } from 'vitest';
import { actionsOf, addEnd, addScore, EMPTY_QUEUE, heldEnd, heldScore, linkTag, nextTakenAt, parseQueue, settle, unsentTaps } from './offline-queue.ts';

const LINK = 'court2';
const OTHER = 'court1';

describe('the offline queue', () => {
  it('keeps the newest score of a match and counts every tap', () => {
    let queue = addScore(EMPTY_QUEUE, LINK, 'm1', { home: 1, away: 0 }, 100);
    queue = addScore(queue, LINK, 'm1', { home: 2, away: 0 }, 200);
    queue = addScore(queue, LINK, 'm1', { home: 2, away: 1 }, 300);
    expect(heldScore(queue, LINK, 'm1')).toEqual({ home: 2, away: 1 });
    expect(unsentTaps(queue, LINK)).toBe(3);
    expect(actionsOf(queue, LINK)).toEqual([{ kind: 'score', matchId: 'm1', score: { home: 2, away: 1, takenAt: 300, taps: 3 } }]);
  });

  it('ignores a tap older than the one it holds (a replay changes nothing)', () => {
    const queue = addScore(EMPTY_QUEUE, LINK, 'm1', { home: 3, away: 0 }, 300);
    expect(addScore(queue, LINK, 'm1', { home: 1, away: 0 }, 100)).toBe(queue);
  });

  it('gives a tap a time after the match’s queued ones, even in the same millisecond', () => {
    const queue = addScore(EMPTY_QUEUE, LINK, 'm1', { home: 1, away: 0 }, 500);
    expect(nextTakenAt(queue, 'm1', 500)).toBe(501);
    expect(nextTakenAt(queue, 'm1', 900)).toBe(900);
    expect(nextTakenAt(queue, 'm2', 400)).toBe(400);
  });

  it('sends oldest first, a match’s score before its result, the newest score last', () => {
    let queue = addScore(EMPTY_QUEUE, LINK, 'late', { home: 0, away: 1 }, 400);
    queue = addScore(queue, LINK, 'early', { home: 1, away: 0 }, 100);
    queue = addEnd(queue, LINK, 'early', { draw: true, score: { home: 1, away: 1 }, takenAt: 200 });
    expect(actionsOf(queue, LINK).map((action) => `${action.matchId}:${action.kind}`)).toEqual(['early:score', 'early:end', 'late:score']);
  });

  it('drops what was sent, but keeps taps made while it was on its way', () => {
    let queue = addScore(EMPTY_QUEUE, LINK, 'm1', { home: 1, away: 0 }, 100);
    queue = addScore(queue, LINK, 'm1', { home: 2, away: 0 }, 200);
    const sent = actionsOf(queue, LINK)[0];
    const during = addScore(queue, LINK, 'm1', { home: 3, away: 0 }, 300);
    const after = settle(during, sent);
    expect(heldScore(after, LINK, 'm1')).toEqual({ home: 3, away: 0 });
    expect(unsentTaps(after, LINK)).toBe(1);
    expect(settle(queue, sent)).toEqual(EMPTY_QUEUE);
  });

  it('keeps a result beside the score until it is sent, then the match is clear', () => {
    let queue = addScore(EMPTY_QUEUE, LINK, 'm1', { home: 2, away: 1 }, 100);
    queue = addEnd(queue, LINK, 'm1', { winnerTeamId: 'tapti', score: { home: 2, away: 1 }, takenAt: 150 });
    expect(unsentTaps(queue, LINK)).toBe(2);
    const [score, end] = actionsOf(queue, LINK);
    queue = settle(queue, score);
    expect(heldScore(queue, LINK, 'm1')).toBeUndefined();
    expect(heldEnd(queue, LINK, 'm1')).toMatchObject({ winnerTeamId: 'tapti' });
    expect(settle(queue, end)).toEqual(EMPTY_QUEUE);
  });

  it('keeps another link’s taps apart: never sent with this link, never counted, never merged', () => {
    let queue = addScore(EMPTY_QUEUE, OTHER, 'm1', { home: 5, away: 5 }, 100);
    queue = addScore(queue, OTHER, 'm2', { home: 1, away: 0 }, 100);
    expect(actionsOf(queue, LINK)).toEqual([]);
    expect(unsentTaps(queue, LINK)).toBe(0);
    expect(heldScore(queue, LINK, 'm2')).toBeUndefined();
    queue = addScore(queue, LINK, 'm1', { home: 1, away: 0 }, 200);
    expect(unsentTaps(queue, LINK)).toBe(1);
    expect(unsentTaps(queue, OTHER)).toBe(1);
  });

  it('reads back what it stored, and nothing it cannot trust', () => {
    let queue = addScore(EMPTY_QUEUE, LINK, 'm1', { home: 2, away: 1 }, 100);
    queue = addEnd(queue, LINK, 'm2', { winnerTeamId: 'ganga', score: { home: 1, away: 1 }, note: '5–4 on penalties', takenAt: 200 });
    expect(parseQueue(JSON.stringify(queue))).toEqual(queue);
    expect(parseQueue(null)).toEqual(EMPTY_QUEUE);
    expect(parseQueue('{not json')).toEqual(EMPTY_QUEUE);
    expect(parseQueue('[1,2]')).toEqual(EMPTY_QUEUE);
    const broken = { m1: { link: LINK, score: { home: -1, away: 0, takenAt: 1, taps: 1 } }, m2: { score: { home: 1, away: 0, takenAt: 1, taps: 1 } }, m3: { link: LINK, end: { score: { home: 1, away: 0 }, takenAt: 5 } } };
    expect(parseQueue(JSON.stringify(broken))).toEqual(EMPTY_QUEUE);
  });

  it('tags a link without keeping its secret', () => {
    const secret = 'q2vQ8xq3J0Zk4P1r8mW6d0aT2yB5nC7eF9gH1iJ3kL4';
    expect(linkTag(secret)).toBe(linkTag(secret));
    expect(linkTag(secret)).not.toBe(linkTag(`${secret.slice(0, -1)}5`));
    expect(linkTag(secret).length).toBeLessThan(8);
  });
});
