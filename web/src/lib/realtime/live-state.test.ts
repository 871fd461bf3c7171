import { describe, expect, it } from 'vitest';
import type { GameEvent, LiveEventState } from '#shared/api.ts';
import { differsFrom, withState } from './live-state.ts';

const home = { _id: 'home', teamName: 'Hostel A', teamRank: 1, members: [] };
const away = { _id: 'away', teamName: 'Hostel B', teamRank: 2, members: [] };
const event: GameEvent = { _id: 'e1', tournamentId: 't1', time: '2026-12-01T10:00:00.000Z', teams: [home, away], isBetActive: true, winnerTeam: {} };
const state: LiveEventState = { _id: 'e1', tournamentId: 't1', time: event.time, isBetActive: true, winnerTeamId: null };

describe('an event and its live state', () => {
  it('differs only where the state says something new', () => {
    expect(differsFrom(event, state)).toBe(false);
    expect(differsFrom(event, { ...state, isBetActive: false })).toBe(true);
    expect(differsFrom(event, { ...state, time: '2026-12-01T11:00:00.000Z' })).toBe(true);
    expect(differsFrom(event, { ...state, isBetActive: false, winnerTeamId: 'away' })).toBe(true);
    expect(differsFrom(event, { ...state, isBetActive: false, isVoid: true })).toBe(true);
    const decided = withState(event, { ...state, isBetActive: false, winnerTeamId: 'away' });
    expect(decided.winnerTeam).toEqual(away);
    expect(differsFrom(decided, { ...state, isBetActive: false, winnerTeamId: 'away' })).toBe(false);
  });

  it('takes the void mark away when a correction names a winner', () => {
    const voided = withState(event, { ...state, isBetActive: false, isVoid: true });
    expect(voided.isVoid).toBe(true);
    const corrected = withState(voided, { ...state, isBetActive: false, winnerTeamId: 'home' });
    expect(corrected.isVoid).toBeUndefined();
    expect(corrected.winnerTeam).toEqual(home);
  });

  it('takes the live score, result and postponement from each push, and drops what a push leaves out', () => {
    const postponed = { ...state, isBetActive: false, time: '2026-12-01T12:00:00.000Z', postponedFrom: event.time };
    const live = withState(withState(event, postponed), { ...postponed, liveScore: { home: 1, away: 0 } });
    expect(live).toMatchObject({ liveScore: { home: 1, away: 0 }, postponedFrom: event.time, time: postponed.time });
    const drawn = withState(live, { ...postponed, result: { kind: 'draw', score: { home: 1, away: 1 } } });
    expect(drawn.liveScore).toBeUndefined();
    expect(drawn.result).toEqual({ kind: 'draw', score: { home: 1, away: 1 } });
    const corrected = withState(drawn, { ...state, isBetActive: false, winnerTeamId: 'home' });
    expect(corrected.result).toBeUndefined();
    expect(corrected.postponedFrom).toBeUndefined();
    // What the list gave beyond the state stays (the bet screen's match keeps its tournament's title).
    expect(withState({ ...event, tournamentTitle: 'Cup' }, state).tournamentTitle).toBe('Cup');
  });

  it('tells a draw from an undecided match though neither has a winner', () => {
    const started = { ...state, isBetActive: false };
    expect(differsFrom(withState(event, started), { ...started, result: { kind: 'draw' } })).toBe(true);
    expect(differsFrom(withState(event, started), { ...started, liveScore: { home: 2, away: 2 } })).toBe(false);
  });
});
