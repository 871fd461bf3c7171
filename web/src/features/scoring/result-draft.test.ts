import { describe, expect, it } from 'vitest';
import type { ScorerMatch } from '#shared/api.ts';
import { asksWhoWentThrough, choiceLabel, DRAW, endBodyOf, initialDraft, resultChoices } from './result-draft.ts';

const team = (id: string, teamName: string) => ({ _id: id, teamName }) as ScorerMatch['teams'][number];
const league: Pick<ScorerMatch, 'teams' | 'drawAllowed'> = { teams: [team('tapti', 'Tapti'), team('ganga', 'Ganga')], drawAllowed: true };
const knockout = { ...league, drawAllowed: false };

describe('the result draft', () => {
  it('chooses the leader: a winner never has the lower score', () => {
    expect(resultChoices(league, { home: 2, away: 1 })).toEqual(['tapti']);
    expect(initialDraft(knockout, { home: 0, away: 3 })).toEqual({ choice: 'ganga', note: '' });
    expect(choiceLabel(league, { home: 0, away: 3 }, 'ganga')).toBe('Ganga won');
    expect(asksWhoWentThrough(knockout, { home: 0, away: 3 })).toBe(false);
  });

  it('offers a draw at a level score where the match allows one, chosen already', () => {
    expect(resultChoices(league, { home: 2, away: 2 })).toEqual([DRAW]);
    expect(initialDraft(league, { home: 2, away: 2 }).choice).toBe(DRAW);
    expect(choiceLabel(league, { home: 2, away: 2 }, DRAW)).toBe('Draw');
  });

  it('asks who went through at a level score in a match without draws, with no choice made for the referee', () => {
    expect(resultChoices(knockout, { home: 1, away: 1 })).toEqual(['tapti', 'ganga']);
    expect(initialDraft(knockout, { home: 1, away: 1 }).choice).toBeNull();
    expect(asksWhoWentThrough(knockout, { home: 1, away: 1 })).toBe(true);
    expect(choiceLabel(knockout, { home: 1, away: 1 }, 'ganga')).toBe('Ganga went through');
    expect(endBodyOf(knockout, { home: 1, away: 1 }, { choice: null, note: '' }, 9)).toEqual({ problem: 'Choose the team that went through' });
  });

  it('makes the request the server takes: the whole score, the tap’s time, a note only where it says how a level match was settled', () => {
    expect(endBodyOf(league, { home: 2, away: 2 }, { choice: DRAW, note: 'ignored' }, 9)).toEqual({ body: { draw: true, score: { home: 2, away: 2 }, takenAt: 9 } });
    expect(endBodyOf(league, { home: 2, away: 1 }, { choice: 'tapti', note: '' }, 9)).toEqual({ body: { winnerTeamId: 'tapti', score: { home: 2, away: 1 }, takenAt: 9 } });
    expect(endBodyOf(knockout, { home: 1, away: 1 }, { choice: 'ganga', note: ' 5–4 on penalties ' }, 9)).toEqual({
      body: { winnerTeamId: 'ganga', score: { home: 1, away: 1 }, note: '5–4 on penalties', takenAt: 9 },
    });
  });

  it('refuses a choice the score no longer allows (the score changed after the choice)', () => {
    expect(endBodyOf(league, { home: 2, away: 1 }, { choice: DRAW, note: '' }, 9)).toEqual({ problem: 'Choose the result' });
    expect(endBodyOf(knockout, { home: 1, away: 1 }, { choice: 'ganga', note: 'x'.repeat(81) }, 9)).toMatchObject({ problem: expect.stringContaining('80') });
  });
});
