import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TournamentFormat } from './api.ts';
import { FORMAT_TEAMS_MAX } from './constants.ts';
import { knockout } from './fixture-generation.ts';
import { formatProblem, MATCH_KEY_PATTERN, planFormat, plannedSide, tournamentStage } from './format-plan.ts';
import { MSG } from './messages.ts';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const keysOf = (format: TournamentFormat, count: number) => planFormat(format, teams(count)).matches.map((m) => m.id);

describe('the matches of a format', () => {
  it('keys a league by round and match, a knockout by its bracket (byes are no match), groups by their letter first', () => {
    expect(keysOf({ kind: 'league', double: false }, 4)).toEqual(['R1-M1', 'R1-M2', 'R2-M1', 'R2-M2', 'R3-M1', 'R3-M2']);
    expect(keysOf({ kind: 'league', double: true }, 8)).toHaveLength(56);
    expect(keysOf({ kind: 'knockout' }, 12)).toEqual(['R1-M2', 'R1-M4', 'R1-M6', 'R1-M8', 'R2-M1', 'R2-M2', 'R2-M3', 'R2-M4', 'R3-M1', 'R3-M2', 'R4-M1']);
    expect(keysOf({ kind: 'groups-knockout', groups: 2, advancePerGroup: 2 }, 8)).toEqual([
      ...['A-R1-M1', 'A-R1-M2', 'A-R2-M1', 'A-R2-M2', 'A-R3-M1', 'A-R3-M2'],
      ...['B-R1-M1', 'B-R1-M2', 'B-R2-M1', 'B-R2-M2', 'B-R3-M1', 'B-R3-M2'],
      ...['R1-M1', 'R1-M2', 'R2-M1'],
    ]);
  });

  it('names each stage and what an unknown side waits for', () => {
    const league = planFormat({ kind: 'league', double: false }, teams(8)).matches;
    expect(league).toHaveLength(28);
    expect(league[0].stage).toBe('Matchday 1');
    expect(league.at(-1)!.stage).toBe('Matchday 7');
    const cup = planFormat({ kind: 'knockout' }, teams(12)).matches;
    expect(cup).toHaveLength(11);
    expect(cup.at(-1)).toMatchObject({ id: 'R4-M1', stage: 'Final', bracket: { awaiting: { home: 'Winner of R3-M1', away: 'Winner of R3-M2' } } });
    // The top seeds' byes: they are in the second round's matches already.
    expect(cup.filter((m) => m.round === 2 && m.home !== undefined)).toHaveLength(4);
    const groups = planFormat({ kind: 'groups-knockout', groups: 2, advancePerGroup: 2 }, teams(8)).matches;
    expect(groups[0]).toMatchObject({ id: 'A-R1-M1', stage: 'Group A · Matchday 1' });
    expect(groups.find((m) => m.id === 'R1-M1')).toMatchObject({ stage: 'Semi-finals', bracket: { awaiting: { home: 'Group A winner', away: 'Group B runner-up' } } });
  });

  it('lets a bye through: the next match waits for the bye team, or its group place, never for the bye', () => {
    const cup = planFormat({ kind: 'knockout' }, teams(5)).matches;
    expect(cup.find((m) => m.id === 'R2-M1')).toMatchObject({ home: 't1', bracket: { awaiting: { away: 'Winner of R1-M2' }, feeders: { away: 'R1-M2' } } });
    // 3 groups of 2 going through: a bracket of 8, the group winners A and B with byes.
    const groups = planFormat({ kind: 'groups-knockout', groups: 3, advancePerGroup: 2 }, teams(9)).matches;
    expect(groups.find((m) => m.id === 'R2-M1')).toMatchObject({
      stage: 'Semi-finals',
      bracket: { awaiting: { home: 'Group A winner', away: 'Winner of R1-M2' }, groupPlaces: { home: { group: 'A', place: 1 } }, feeders: { away: 'R1-M2' } },
    });
    const bracket = knockout(teams(3));
    expect(plannedSide(bracket, { bye: true })).toBeUndefined();
    expect(plannedSide(bracket, { winnerOf: 'R1-M1' })).toEqual({ team: 't1' });
    expect(plannedSide(bracket, { groupPlace: { group: 'C', place: 3 } })).toMatchObject({ awaiting: 'Group C #3' });
  });

  it('says where each winner goes: every feeder and next match is a match of the plan', () => {
    const formats = fc.oneof(
      fc.record({ kind: fc.constant('league' as const), double: fc.boolean() }),
      fc.record({ kind: fc.constant('knockout' as const) }),
      fc.record({ kind: fc.constant('groups-knockout' as const), groups: fc.integer({ min: 1, max: 8 }), advancePerGroup: fc.integer({ min: 1, max: 4 }) }),
    );
    fc.assert(
      fc.property(formats, fc.integer({ min: 2, max: FORMAT_TEAMS_MAX }), (format, count) => {
        fc.pre(formatProblem(count, format) === null);
        const { matches } = planFormat(format, teams(count));
        const byKey = new Map(matches.map((m) => [m.id, m]));
        expect(byKey.size).toBe(matches.length);
        for (const match of matches) {
          expect(match.id).toMatch(MATCH_KEY_PATTERN);
          if (!match.bracket) continue;
          for (const side of ['home', 'away'] as const) {
            expect(match[side] !== undefined || match.bracket.awaiting[side] !== undefined).toBe(true);
            const feeder = match.bracket.feeders[side];
            if (feeder) expect(byKey.get(feeder)?.bracket?.next).toEqual({ key: match.id, side });
          }
          if (match.bracket.next) expect(byKey.has(match.bracket.next.key)).toBe(true);
        }
        expect(matches.filter((m) => m.bracket && !m.bracket.next)).toHaveLength(format.kind === 'league' ? 0 : 1);
      }),
      { numRuns: 60 },
    );
  });

  it('says why a format cannot be made, and makes none', () => {
    expect(formatProblem(1, { kind: 'knockout' })).toBe(MSG.formatTooFewTeams);
    expect(formatProblem(FORMAT_TEAMS_MAX + 1, { kind: 'league', double: false })).toBe(MSG.formatTooManyTeams);
    expect(formatProblem(6, { kind: 'groups-knockout', groups: 4, advancePerGroup: 1 })).toBe(MSG.formatGroupsTooMany);
    expect(formatProblem(8, { kind: 'groups-knockout', groups: 2, advancePerGroup: 5 })).toBe(MSG.formatAdvanceTooMany);
    expect(formatProblem(8, { kind: 'groups-knockout', groups: 1, advancePerGroup: 1 })).toBe(MSG.formatAdvanceTooFew);
    expect(formatProblem(8, { kind: 'groups-knockout', groups: 2, advancePerGroup: 2 })).toBeNull();
    expect(() => planFormat({ kind: 'knockout' }, ['a'])).toThrow(MSG.formatTooFewTeams);
  });

  it('keeps the bracket and the groups it draws', () => {
    expect(planFormat({ kind: 'league', double: false }, teams(4)).structure).toEqual({});
    expect(planFormat({ kind: 'knockout' }, teams(4)).structure).toEqual({ bracket: knockout(teams(4)) });
    expect(planFormat({ kind: 'groups-knockout', groups: 2, advancePerGroup: 1 }, teams(4)).structure.groups).toEqual([
      { name: 'A', teamIds: ['t1', 't4'] },
      { name: 'B', teamIds: ['t2', 't3'] },
    ]);
  });
});

describe("a tournament's stage", () => {
  it('is a group matchday of the whole group stage, any other stage as it is', () => {
    expect(tournamentStage('Group B · Matchday 2')).toBe('Group stage · Matchday 2');
    expect(tournamentStage('Matchday 3')).toBe('Matchday 3');
    expect(tournamentStage('Semi-finals')).toBe('Semi-finals');
  });
});
