import { describe, expect, it } from 'vitest';
import type { ShapeMatch, Team, TournamentShape } from '#shared/api.ts';
import { finishedLine, shortWhen, sideScores, signedDifference, slotText, stageLine, stageSummary, waitingText } from './shape-text.ts';

const team = (teamName: string): Team => ({ _id: teamName, teamName, teamRank: null, members: [] });
// Local times: the functions read the device's zone, as the page does.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).toISOString();
const now = new Date(2026, 2, 4, 9, 30).getTime(); // Wed 4 Mar 2026, 09:30

describe("a match's short time", () => {
  it('says today, tomorrow, the weekday within the week, else the date', () => {
    expect(shortWhen(at(4, 18), now)).toBe('Today 18:00');
    expect(shortWhen(at(5, 7, 5), now)).toBe('Tomorrow 07:05');
    expect(shortWhen(at(7, 18), now)).toBe('Sat 18:00');
    expect(shortWhen(at(10, 18), now)).toBe('Tue 18:00');
    expect(shortWhen(at(11, 18), now)).toBe('11 Mar 18:00');
    expect(shortWhen(at(2, 18), now)).toBe('2 Mar 18:00');
  });
});

describe("the tournament's stage in words", () => {
  const next = { eventId: 'e1', time: at(7, 18), teams: [team('Hostel A'), team('Hostel B')] as [Team, Team] };

  it("on home's card: the stage and when the next match is", () => {
    expect(stageSummary('Matchday 3', next.time, now)).toBe('Matchday 3 · next Sat 18:00');
    expect(stageSummary('Final', null, now)).toBe('Final');
    // The format before its stage, as a home card says it.
    expect(stageSummary('Quarter-finals', next.time, now, 'knockout')).toBe('Knockout · Quarter-finals · next Sat 18:00');
    expect(stageSummary('Matchday 1', null, now, 'league')).toBe('League · Matchday 1');
    expect(stageSummary('Finished', null, now)).toBe('Finished');
    expect(stageSummary(undefined, null, now)).toBeNull();
  });

  it('on its page: the next match with its teams, or the champion', () => {
    expect(stageLine({ stage: 'Semi-finals', next, champion: null }, now)).toBe('Semi-finals · next: Hostel A vs Hostel B, Sat 18:00');
    expect(stageLine({ stage: 'Finished', next: null, champion: team('Hostel C') }, now)).toBe('Finished · Champion: Hostel C');
    expect(stageLine({ stage: null, next: null, champion: null }, now)).toBeNull();
  });

  it('says a finished tournament is finished, with its champion when it has one', () => {
    expect(finishedLine(team('Ganga Hostel'))).toBe('Finished · Champion: Ganga Hostel');
    // A final called off, a league level at the top, matches scheduled one by one: no champion to name.
    expect(finishedLine(null)).toBe('Finished');
  });

  it("names a bracket side: a team, what it waits for, or a bye", () => {
    expect(slotText({ team: team('Hostel A') })).toBe('Hostel A');
    expect(slotText({ awaiting: 'Winner of R1-M2' })).toBe('Winner of R1-M2');
    expect(slotText({ bye: true })).toBe('Bye');
  });
});

describe('waitingText', () => {
  const side = (name: string) => ({ team: team(name) });
  const match = (key: string, home: object, away: object, eventId: string | null = key, time: string | null = null) =>
    ({ key, eventId, time, home, away, winnerTeamId: null, isBetActive: false }) as ShapeMatch;
  const shape = {
    bracket: {
      rounds: [
        { round: 1, name: 'Semi-finals', matches: [match('R1-M1', side('Kaveri'), side('Sutlej')), match('R1-M2', side('Yamuna'), side('Godavari'))] },
        { round: 2, name: 'Final', matches: [match('R2-M1', { awaiting: 'Winner of R1-M1' }, { awaiting: 'Winner of R1-M2' }, 'final', '2030-03-02T12:30:00.000Z')] },
      ],
    },
  } as unknown as TournamentShape;

  it('names the matches a waiting one waits for by their teams, and when it is due', () => {
    expect(waitingText(shape, 'final', Date.parse('2030-03-01T12:00:00.000Z'))).toMatch(/^Final waits for the winner of Kaveri v Sutlej and the winner of Yamuna v Godavari; due Tomorrow \d\d:\d\d$/);
    expect(waitingText(shape, 'R1-M1')).toBeUndefined();
  });
});

describe("a bracket match's scores beside its sides", () => {
  const base = { home: { team: team('Kaveri') }, winnerTeamId: null };

  it('shows the score once decided, or the live score while played', () => {
    expect(sideScores({ ...base, winnerTeamId: 'Sutlej', result: { kind: 'won', score: { home: 1, away: 2 } } })).toEqual({ home: '1', away: '2' });
    expect(sideScores({ ...base, liveScore: { home: 0, away: 0 } })).toEqual({ home: '0', away: '0' });
    // A result without a score, and a live score left behind by a decided match: nothing.
    expect(sideScores({ ...base, winnerTeamId: 'Kaveri', result: { kind: 'won' } })).toEqual({ home: '', away: '' });
    expect(sideScores({ ...base, winnerTeamId: 'Kaveri', liveScore: { home: 3, away: 1 } })).toEqual({ home: '', away: '' });
    expect(sideScores({ ...base, isVoid: true, result: { kind: 'abandoned' }, liveScore: { home: 3, away: 1 } })).toEqual({ home: '', away: '' });
    expect(sideScores(base)).toEqual({ home: '', away: '' });
  });

  it("marks a walkover's winner, not its recorded score", () => {
    expect(sideScores({ ...base, winnerTeamId: 'Kaveri', result: { kind: 'walkover', score: { home: 3, away: 0 } } })).toEqual({ home: 'w/o', away: '' });
    expect(sideScores({ ...base, winnerTeamId: 'Sutlej', result: { kind: 'walkover' } })).toEqual({ home: '', away: 'w/o' });
  });
});

describe("a table's difference", () => {
  it('is signed, and zero plain', () => {
    expect([5, 0, -2].map(signedDifference)).toEqual(['+5', '0', '−2']);
  });
});
