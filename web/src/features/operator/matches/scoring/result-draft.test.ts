import { describe, expect, it } from 'vitest';
import type { GameEvent, Team } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import {
  ABANDONED,
  DRAW,
  draftFromEvent,
  draftFromResult,
  draftFromScore,
  draftVerdict,
  drawAllowed,
  emptyResultDraft,
  noteWanted,
  type ResultDraft,
  resultMatch,
  typedScore,
  VOID,
  withChoice,
  withWalkover,
} from './result-draft.ts';

const team = (id: string, teamName: string): Team => ({ _id: id, teamName, teamRank: null, members: [] });
const tapti = team('tapti', 'Tapti');
const ganga = team('ganga', 'Ganga');
const league = { teams: [tapti, ganga] };
const knockout = { teams: [tapti, ganga], matchKey: 'R1-M2' };
const football = resultMatch(league, 'football');
const footballKnockout = resultMatch(knockout, 'football');
const cricket = resultMatch(league, 'cricket');
const draft = (fields: Partial<ResultDraft>): ResultDraft => ({ ...emptyResultDraft, ...fields });

describe('resultMatch', () => {
  it('tells a knockout match by its bracket key, and allows a draw only in a league of a sport with draws', () => {
    expect(football).toMatchObject({ teamIds: ['tapti', 'ganga'], knockout: false });
    expect(footballKnockout.knockout).toBe(true);
    expect(drawAllowed(football)).toBe(true);
    expect(drawAllowed(footballKnockout)).toBe(false);
    expect(drawAllowed(cricket)).toBe(false);
    // A tournament from before sports plays as 'other', which has draws.
    expect(drawAllowed(resultMatch(league, undefined))).toBe(true);
  });
});

describe('typedScore', () => {
  it('is no score when both fields are empty, and refuses half a score or anything but whole numbers to 999', () => {
    expect(typedScore({ home: '', away: ' ' })).toBeUndefined();
    expect(typedScore({ home: '2', away: '1' })).toEqual({ home: 2, away: 1 });
    expect(typedScore({ home: '0', away: '999' })).toEqual({ home: 0, away: 999 });
    for (const [home, away] of [['2', ''], ['1.5', '1'], ['-1', '0'], ['1000', '0'], ['2e1', '0']]) expect(typedScore({ home, away })).toBeNull();
  });
});

describe('draftVerdict', () => {
  it('waits for a choice', () => {
    expect(draftVerdict(emptyResultDraft, football)).toEqual({ kind: 'incomplete' });
  });

  it('sends a winner with its score, a walkover, a draw, a void and an abandoned match as the server reads them', () => {
    expect(draftVerdict(draft({ choice: 'tapti', home: '2', away: '1' }), football)).toMatchObject({
      kind: 'ready',
      request: { winnerTeamId: 'tapti', score: { home: 2, away: 1 } },
    });
    expect(draftVerdict(draft({ choice: 'ganga', walkover: true, home: '0', away: '3' }), football)).toMatchObject({
      request: { winnerTeamId: 'ganga', walkover: true, score: { home: 0, away: 3 } },
    });
    expect(draftVerdict(draft({ choice: DRAW, home: '1', away: '1' }), football)).toMatchObject({ request: { draw: true, score: { home: 1, away: 1 } } });
    expect(draftVerdict(draft({ choice: DRAW }), football)).toMatchObject({ request: { draw: true } });
    // A void has no score, whatever the hidden fields hold.
    expect(draftVerdict(draft({ choice: VOID, home: '1', away: '0' }), football)).toMatchObject({ request: { void: true } });
    expect(draftVerdict(draft({ choice: ABANDONED }), football)).toMatchObject({ request: { void: true, abandoned: true } });
  });

  it("refuses what the server would, in the server's words", () => {
    const problem = (fields: Partial<ResultDraft>, match = football) => {
      const verdict = draftVerdict(draft(fields), match);
      return verdict.kind === 'problem' ? verdict.problem : undefined;
    };
    expect(problem({ choice: 'tapti', home: '1', away: '' })).toBe(MSG.scoreInvalid);
    expect(problem({ choice: 'tapti', home: '1', away: '2' })).toBe(MSG.winnerScoreLower);
    expect(problem({ choice: 'tapti', home: '1', away: '1' })).toBe(MSG.levelScoreIsDraw);
    expect(problem({ choice: DRAW, home: '2', away: '1' })).toBe(MSG.drawScoreNotLevel);
    expect(problem({ choice: DRAW }, footballKnockout)).toBe(MSG.drawInKnockout('penalty shoot-out'));
    expect(problem({ choice: DRAW }, cricket)).toBe(MSG.drawNotInSport('Cricket'));
    expect(problem({ choice: 'tapti', home: '1', away: '1', note: 'x'.repeat(81) }, footballKnockout)).toBe(MSG.resultNoteInvalid);
  });

  it('sends the note only for a level score a winner came out of', () => {
    const level = draft({ choice: 'tapti', home: '1', away: '1', note: ' 5–4 on penalties ' });
    expect(noteWanted(level, footballKnockout)).toBe(true);
    expect(draftVerdict(level, footballKnockout)).toMatchObject({ request: { winnerTeamId: 'tapti', score: { home: 1, away: 1 }, note: '5–4 on penalties' } });
    // A tie in cricket went to a super over: allowed, with its note.
    expect(draftVerdict(level, cricket)).toMatchObject({ kind: 'ready', request: { note: '5–4 on penalties' } });
    const won = draft({ choice: 'tapti', home: '2', away: '1', note: 'left over' });
    expect(noteWanted(won, footballKnockout)).toBe(false);
    expect(draftVerdict(won, footballKnockout)).toMatchObject({ request: { winnerTeamId: 'tapti', score: { home: 2, away: 1 } } });
    expect(draftVerdict(won, footballKnockout)).not.toMatchObject({ request: { note: expect.anything() } });
  });
});

describe('walkover', () => {
  it("fills the sport's walkover score for the winner, follows a new winner, and goes with a choice that is no team", () => {
    const ticked = withWalkover(draft({ choice: 'ganga' }), true, football);
    expect(ticked).toMatchObject({ walkover: true, home: '0', away: '3' });
    expect(withChoice(ticked, 'tapti', football)).toMatchObject({ walkover: true, home: '3', away: '0' });
    expect(withChoice(ticked, DRAW, football)).toMatchObject({ walkover: false, home: '', away: '' });
    expect(withWalkover(ticked, false, football)).toMatchObject({ walkover: false, home: '', away: '' });
    // A score changed by hand stays when the walkover is unticked.
    expect(withWalkover({ ...ticked, away: '2' }, false, football)).toMatchObject({ home: '0', away: '2' });
    // Cricket has no walkover score: the fields stay empty.
    expect(withWalkover(draft({ choice: 'tapti' }), true, cricket)).toMatchObject({ walkover: true, home: '', away: '' });
  });
});

describe('starting drafts', () => {
  it("'End match' chooses the leader from the live score, a draw when level where one is allowed, else nothing", () => {
    expect(draftFromScore({ home: 2, away: 1 }, football)).toMatchObject({ choice: 'tapti', home: '2', away: '1' });
    expect(draftFromScore({ home: 0, away: 1 }, football)).toMatchObject({ choice: 'ganga' });
    expect(draftFromScore({ home: 1, away: 1 }, football)).toMatchObject({ choice: DRAW });
    expect(draftFromScore({ home: 1, away: 1 }, footballKnockout)).toMatchObject({ choice: '', home: '1', away: '1' });
  });

  it('a correction starts from the result recorded now', () => {
    const decided = (fields: Partial<GameEvent>) => ({ winnerTeam: {}, ...fields });
    expect(draftFromEvent(decided({ winnerTeam: tapti, result: { kind: 'won', score: { home: 2, away: 0 } } }))).toEqual(draft({ choice: 'tapti', home: '2', away: '0' }));
    expect(draftFromEvent(decided({ winnerTeam: ganga, result: { kind: 'walkover', score: { home: 0, away: 3 } } }))).toMatchObject({ choice: 'ganga', walkover: true });
    expect(draftFromEvent(decided({ result: { kind: 'draw', score: { home: 1, away: 1 } } }))).toMatchObject({ choice: DRAW, home: '1' });
    expect(draftFromEvent(decided({ isVoid: true, result: { kind: 'abandoned' } }))).toMatchObject({ choice: ABANDONED });
    expect(draftFromEvent(decided({ winnerTeam: tapti, result: { kind: 'won', score: { home: 1, away: 1 }, note: 'on penalties' } }))).toMatchObject({ note: 'on penalties' });
    // Decided before results had details.
    expect(draftFromEvent(decided({ isVoid: true }))).toMatchObject({ choice: VOID });
    expect(draftFromEvent(decided({ winnerTeam: ganga }))).toMatchObject({ choice: 'ganga' });
  });

  it("correcting a referee's result starts from what they sent", () => {
    expect(draftFromResult({ kind: 'won', score: { home: 2, away: 1 } }, 'tapti')).toEqual(draft({ choice: 'tapti', home: '2', away: '1' }));
    expect(draftFromResult({ kind: 'draw', score: { home: 0, away: 0 } }, null)).toMatchObject({ choice: DRAW, home: '0', away: '0' });
    expect(draftFromResult({ kind: 'walkover', score: { home: 3, away: 0 } }, 'tapti')).toMatchObject({ choice: 'tapti', walkover: true });
  });
});
