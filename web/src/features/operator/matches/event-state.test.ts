import { describe, expect, it } from 'vitest';
import type { GameEvent, Team } from '#shared/api.ts';
import { eventState, eventStateLabel, isUndecided, matchDay, resultLine } from './event-state.ts';

const falcons: Team = { _id: 't1', teamName: 'Falcons', teamRank: 1, members: [] };
const hawks: Team = { _id: 't2', teamName: 'Hawks', teamRank: 2, members: [] };
const now = new Date('2030-01-01T12:00:00Z');
const event = (fields: Partial<GameEvent>): GameEvent => ({
  _id: 'e1',
  tournamentId: 'c1',
  time: '2030-01-01T15:00:00Z',
  teams: [falcons],
  isBetActive: false,
  winnerTeam: {},
  ...fields,
});

describe('eventState', () => {
  it('is open or paused before the start', () => {
    expect(eventState(event({ isBetActive: true }), now)).toEqual({ kind: 'open' });
    expect(eventState(event({}), now)).toEqual({ kind: 'paused' });
  });

  it('is started, awaiting the result, once the start has passed', () => {
    expect(eventState(event({ time: '2030-01-01T11:00:00Z' }), now)).toEqual({ kind: 'started' });
  });

  it('is decided with a winner or a void', () => {
    expect(eventState(event({ winnerTeam: falcons }), now)).toEqual({ kind: 'won', winner: falcons });
    expect(eventState(event({ isVoid: true }), now)).toEqual({ kind: 'void' });
  });

  it('is a draw, a walkover or abandoned as its result says', () => {
    const decidedAt = '2030-01-01T17:00:00Z';
    expect(eventState(event({ decidedAt, result: { kind: 'draw', score: { home: 1, away: 1 } } }), now)).toEqual({ kind: 'draw' });
    // Decided with no winner and no void is a draw, even without its detail.
    expect(eventState(event({ decidedAt }), now)).toEqual({ kind: 'draw' });
    expect(eventState(event({ winnerTeam: falcons, decidedAt, result: { kind: 'walkover' } }), now)).toEqual({ kind: 'won', winner: falcons, walkover: true });
    expect(eventState(event({ isVoid: true, decidedAt, result: { kind: 'abandoned' } }), now)).toEqual({ kind: 'void', abandoned: true });
  });

  it('is started once it has a live score, before its start time too', () => {
    expect(eventState(event({ liveScore: { home: 0, away: 0 } }), now)).toEqual({ kind: 'started' });
  });
});

describe('labels and decisions', () => {
  it('names the winner', () => {
    expect(eventStateLabel({ kind: 'won', winner: falcons })).toBe('Winner: Falcons');
    expect(eventStateLabel({ kind: 'won', winner: falcons, walkover: true })).toBe('Winner: Falcons (walkover)');
    expect(eventStateLabel({ kind: 'paused' })).toBe('Betting paused');
    expect(eventStateLabel({ kind: 'draw' })).toBe('Draw');
    expect(eventStateLabel({ kind: 'void', abandoned: true })).toBe('Abandoned');
  });

  it('gives a result line only when it says more than the status: a score, a note or a walkover', () => {
    const decided = (fields: Partial<GameEvent>) => event({ teams: [falcons, hawks], decidedAt: '2030-01-01T17:00:00Z', ...fields });
    expect(resultLine(decided({ winnerTeam: hawks, result: { kind: 'won', score: { home: 1, away: 2 } } }), 'goals')).toBe('Falcons 1–2 Hawks · Hawks won');
    expect(resultLine(decided({ result: { kind: 'draw', score: { home: 0, away: 0 } } }), 'goals')).toBe('Draw 0–0');
    expect(resultLine(decided({ winnerTeam: falcons, result: { kind: 'walkover', score: { home: 3, away: 0 } } }), 'goals')).toBe('Falcons won by walkover');
    expect(resultLine(decided({ winnerTeam: falcons, result: { kind: 'won' } }), 'goals')).toBeNull();
    expect(resultLine(decided({ isVoid: true, result: { kind: 'void' } }), 'goals')).toBeNull();
    expect(resultLine(decided({ winnerTeam: falcons }), 'goals')).toBeNull();
  });

  it('offers a result only while undecided', () => {
    expect(isUndecided({ kind: 'started' })).toBe(true);
    expect(isUndecided({ kind: 'void' })).toBe(false);
    expect(isUndecided({ kind: 'draw' })).toBe(false);
  });
});

describe('matchDay', () => {
  it('puts the matches being played first, then the next soonest first, and the decided latest first', () => {
    const at = (hour: number) => `2030-01-01T${String(hour).padStart(2, '0')}:00:00Z`;
    const decidedEarly = event({ _id: 'decided-early', time: at(8), winnerTeam: falcons });
    const voidedLater = event({ _id: 'voided-later', time: at(9), isVoid: true });
    const playing = event({ _id: 'playing', time: at(11) });
    const playingLong = event({ _id: 'playing-long', time: at(10) });
    const later = event({ _id: 'later', time: at(18), isBetActive: true });
    const soon = event({ _id: 'soon', time: at(13) });
    const day = matchDay([later, decidedEarly, playing, soon, voidedLater, playingLong], now);
    expect(day.now.map((e) => e._id)).toEqual(['playing-long', 'playing']);
    expect(day.next.map((e) => e._id)).toEqual(['soon', 'later']);
    expect(day.decided.map((e) => e._id)).toEqual(['voided-later', 'decided-early']);
  });
});
