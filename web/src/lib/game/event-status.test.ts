import { describe, expect, it } from 'vitest';
import { eventStatus } from './event-status.ts';

const team = { _id: 't1', teamName: 'Ganga United', teamRank: 1, members: [] };
const time = '2025-03-01T10:00:00.000Z';
const beforeStart = Date.parse(time) - 1;

describe('eventStatus', () => {
  it('takes bids while betting is active', () => {
    expect(eventStatus({ isBetActive: true, winnerTeam: {}, time }, beforeStart)).toEqual({ kind: 'open' });
  });

  it('is paused while inactive without a winner', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, time }, beforeStart)).toEqual({ kind: 'paused' });
  });

  it('closes at the start time, to the millisecond, open or paused', () => {
    expect(eventStatus({ isBetActive: true, winnerTeam: {}, time }, Date.parse(time))).toEqual({ kind: 'closed' });
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, time }, Date.parse(time) + 60_000)).toEqual({ kind: 'closed' });
  });

  it('is over once a winner is known', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: team, time }, beforeStart)).toEqual({ kind: 'over', winner: team });
  });

  it('is called off once voided, whatever else it says', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, isVoid: true, time }, beforeStart)).toEqual({ kind: 'void' });
  });

  it('is drawn once a draw is recorded, with no winner', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, time, result: { kind: 'draw', score: { home: 1, away: 1 } } }, beforeStart)).toEqual({ kind: 'drawn' });
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, isVoid: true, time, result: { kind: 'draw' } }, beforeStart)).toEqual({ kind: 'drawn' });
  });

  it('is called off when the result says void or abandoned, and over after a walkover', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, time, result: { kind: 'abandoned' } }, beforeStart)).toEqual({ kind: 'void' });
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, time, result: { kind: 'void' } }, beforeStart)).toEqual({ kind: 'void' });
    expect(eventStatus({ isBetActive: false, winnerTeam: team, time, result: { kind: 'walkover' } }, beforeStart)).toEqual({ kind: 'over', winner: team });
  });
});

describe('a match with a score', () => {
  it('has started, whatever its start time says', () => {
    const later = { isBetActive: false, winnerTeam: {}, time: new Date(Date.now() + 3_600_000).toISOString() } as const;
    expect(eventStatus({ ...later, liveScore: { home: 1, away: 1 } }).kind).toBe('closed');
    expect(eventStatus({ ...later, resultPending: true }).kind).toBe('closed');
    expect(eventStatus(later).kind).toBe('paused');
  });
});
