import { describe, expect, it } from 'vitest';
import type { LiveEventState, ShapeMatch, TournamentShape } from '#shared/api.ts';
import { onlyLiveScoreChanged, withLiveScore } from './live-score.ts';

const home = { _id: 'home', teamName: 'Hostel A', teamRank: 1, members: [] };
const away = { _id: 'away', teamName: 'Hostel B', teamRank: 2, members: [] };
const time = '2026-12-01T10:00:00.000Z';
const state: LiveEventState = { _id: 'e1', tournamentId: 't1', time, isBetActive: true, winnerTeamId: null };

describe('a push that only moves a live score', () => {
  const playing: LiveEventState = { ...state, isBetActive: false, liveScore: { home: 0, away: 0 } };

  it('is one whose score alone changed', () => {
    expect(onlyLiveScoreChanged(playing, { ...playing, liveScore: { home: 1, away: 0 } })).toBe(true);
    expect(onlyLiveScoreChanged(playing, { ...playing, liveScore: undefined })).toBe(true);
    expect(onlyLiveScoreChanged(playing, { ...playing })).toBe(false);
    // A result, a new time, or a state never told before: read again.
    expect(onlyLiveScoreChanged(playing, { ...playing, liveScore: undefined, winnerTeamId: 'home', result: { kind: 'won', score: { home: 1, away: 0 } } })).toBe(false);
    expect(onlyLiveScoreChanged(playing, { ...playing, liveScore: { home: 1, away: 0 }, time: '2026-12-01T11:00:00.000Z' })).toBe(false);
    expect(onlyLiveScoreChanged(undefined, playing)).toBe(false);
  });

  it("is laid over its bracket match, and leaves a shape without it as it is", () => {
    const match: ShapeMatch = { key: 'R1-M1', eventId: 'e1', time, home: { team: home }, away: { team: away }, winnerTeamId: null, isBetActive: false };
    const shape = { tournamentId: 't1', bracket: { rounds: [{ round: 1, name: 'Final', matches: [match] }] } } as unknown as TournamentShape;
    const scored = withLiveScore(shape, { ...playing, liveScore: { home: 1, away: 0 } });
    expect(scored.bracket!.rounds[0].matches[0].liveScore).toEqual({ home: 1, away: 0 });
    expect(shape.bracket!.rounds[0].matches[0].liveScore).toBeUndefined();
    expect(withLiveScore(scored, { ...playing, liveScore: undefined }).bracket!.rounds[0].matches[0]).not.toHaveProperty('liveScore');
    expect(withLiveScore(shape, { ...playing, _id: 'league-match' })).toBe(shape);
  });
});
