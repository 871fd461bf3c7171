import { describe, expect, it } from 'vitest';
import type { GameEvent, ProvisionalResult, Team } from '#shared/api.ts';
import { eventState, eventStateLabel, isUndecided, matchDay, pendingLine, resultLine } from './event-state.ts';

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

  it("is pending while a referee's result waits, and decided once one stands", () => {
    expect(eventState(event({ liveScore: { home: 2, away: 1 }, resultPending: true }), now)).toEqual({ kind: 'pending' });
    expect(eventStateLabel({ kind: 'pending' })).toBe('Betting closed');
    expect(isUndecided({ kind: 'pending' })).toBe(true);
    expect(eventState(event({ winnerTeam: falcons, decidedAt: '2030-01-01T12:00:00Z', result: { kind: 'won' } }), now)).toEqual({ kind: 'won', winner: falcons });
  });
});

describe('pendingLine', () => {
  const played = event({ teams: [falcons, hawks], liveScore: { home: 2, away: 1 }, resultPending: true });
  const sent = (fields: Partial<ProvisionalResult>): ProvisionalResult => ({
    result: { kind: 'won', score: { home: 2, away: 1 } },
    winnerTeamId: falcons._id,
    by: 'Scorer link: Court 2',
    at: '2030-01-01T13:00:00Z',
    confirmsAt: '2030-01-01T13:10:00Z',
    ...fields,
  });

  it("says the referee's result, who sent it and when it stands", () => {
    expect(pendingLine(played, sent({}), 'goals', 'UTC')).toBe('Result pending: Falcons 2–1 Hawks (sent by Scorer link: Court 2) · stands at 13:10 UTC unless disputed');
  });

  it('names the winner where the score does not say it', () => {
    const level = sent({ result: { kind: 'won', score: { home: 1, away: 1 }, note: '5–4 on penalties' }, winnerTeamId: hawks._id });
    expect(pendingLine(played, level, 'goals', 'UTC')).toMatch(/^Result pending: Falcons 1–1 Hawks · Hawks won \(5–4 on penalties\) \(sent by/);
    expect(pendingLine(played, sent({ result: { kind: 'walkover', score: { home: 0, away: 3 } }, winnerTeamId: hawks._id }), 'goals', 'UTC')).toMatch(/^Result pending: Hawks won by walkover/);
    expect(pendingLine(played, sent({ result: { kind: 'draw', score: { home: 1, away: 1 } }, winnerTeamId: null }), 'goals', 'UTC')).toMatch(/^Result pending: Draw 1–1 \(sent/);
  });

  it('asks for the result once disputed, and makes do with the live score until the detail is read', () => {
    expect(pendingLine(played, sent({ disputed: true }), 'goals', 'UTC')).toBe('Disputed: enter the result (Scorer link: Court 2 sent Falcons 2–1 Hawks)');
    expect(pendingLine(played, undefined, 'goals', 'UTC')).toBe('Result pending: Falcons 2–1 Hawks');
    expect(pendingLine(event({ teams: [falcons, hawks], resultPending: true }), undefined, 'goals', 'UTC')).toBe('Result pending');
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
    const pendingLate = event({ _id: 'pending-late', time: at(11), liveScore: { home: 1, away: 0 }, resultPending: true });
    const pendingEarly = event({ _id: 'pending-early', time: at(9), liveScore: { home: 1, away: 0 }, resultPending: true });
    const day = matchDay([later, decidedEarly, pendingLate, playing, soon, voidedLater, playingLong, pendingEarly], now);
    // A referee's result waiting comes before everything: it needs the organiser.
    expect(day.pending.map((e) => e._id)).toEqual(['pending-early', 'pending-late']);
    expect(day.now.map((e) => e._id)).toEqual(['playing-long', 'playing']);
    expect(day.next.map((e) => e._id)).toEqual(['soon', 'later']);
    expect(day.decided.map((e) => e._id)).toEqual(['voided-later', 'decided-early']);
  });
});
