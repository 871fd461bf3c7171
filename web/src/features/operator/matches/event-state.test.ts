import { describe, expect, it } from 'vitest';
import type { GameEvent, Team } from '#shared/api.ts';
import { eventState, eventStateLabel, isUndecided, matchDay } from './event-state.ts';

const falcons: Team = { _id: 't1', teamName: 'Falcons', teamRank: 1, members: [] };
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
});

describe('labels and decisions', () => {
  it('names the winner', () => {
    expect(eventStateLabel({ kind: 'won', winner: falcons })).toBe('Winner: Falcons');
    expect(eventStateLabel({ kind: 'paused' })).toBe('Betting paused');
  });

  it('offers a result only while undecided', () => {
    expect(isUndecided({ kind: 'started' })).toBe(true);
    expect(isUndecided({ kind: 'void' })).toBe(false);
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
