import { describe, expect, it } from 'vitest';
import type { ShapeMatch, ShapeSlot, StandingsTable, Team, TournamentShape } from '#shared/api.ts';
import { poolStanding } from './pool-standing.ts';

const team = (id: string): Team => ({ _id: id, teamName: id, teamRank: null, members: [] });
const side = (id: string | undefined): ShapeSlot => (id ? { team: team(id) } : { awaiting: 'Winner of the semi-final' });
const match = (key: string, home: string | undefined, away: string | undefined, winnerTeamId: string | null = null, extra: Partial<ShapeMatch> = {}): ShapeMatch => ({
  key,
  eventId: `e-${key}`,
  time: null,
  home: side(home),
  away: side(away),
  winnerTeamId,
  isBetActive: false,
  ...extra,
});
const shape = (fields: Partial<TournamentShape>): TournamentShape =>
  ({ tournamentId: 't', format: { kind: 'knockout' }, stage: null, next: null, champion: null, tieBreak: '', standings: [], bracket: null, seeds: [], ...fields }) as TournamentShape;

describe('where the pool stands', () => {
  it('puts out the losers of decided bracket matches, not a void\'s sides', () => {
    const bracket = { rounds: [{ round: 1, name: 'Semi-finals', matches: [match('R1-M1', 'a', 'd', 'a'), match('R1-M2', 'b', 'c', 'c', { isVoid: true })] }, { round: 2, name: 'Final', matches: [match('R2-M1', 'a', undefined)] }] };
    expect(poolStanding(shape({ bracket }), ['a', 'b', 'c', 'd'])).toEqual({ out: ['d'], champions: [] });
  });

  it('names the champion once the final is won, every other team out', () => {
    const bracket = { rounds: [{ round: 1, name: 'Final', matches: [match('R1-M1', 'a', 'b', 'b')] }] };
    expect(poolStanding(shape({ bracket, champion: team('b') }), ['a', 'b', 'c'])).toEqual({ out: ['a', 'c'], champions: ['b'] });
  });

  it('puts out the teams a groups stage left behind once the knockout\'s first round is known', () => {
    const known = { rounds: [{ round: 1, name: 'Final', matches: [match('R1-M1', 'a', 'c')] }] };
    const unknown = { rounds: [{ round: 1, name: 'Final', matches: [match('R1-M1', 'a', undefined)] }] };
    const format = { kind: 'groups-knockout' } as TournamentShape['format'];
    expect(poolStanding(shape({ format, bracket: known }), ['a', 'b', 'c', 'd']).out).toEqual(['b', 'd']);
    expect(poolStanding(shape({ format, bracket: unknown }), ['a', 'b', 'c', 'd']).out).toEqual([]);
  });

  it('shares a finished league\'s title between the teams level at the top', () => {
    const row = (id: string, rank: number) => ({ team: team(id), played: 2, won: 1, drawn: 0, lost: 1, scored: 2, conceded: 2, difference: 0, points: 3, rank });
    const standings: StandingsTable[] = [{ group: null, rows: [row('a', 1), row('b', 1), row('c', 3)] }];
    const format = { kind: 'league', double: false } as TournamentShape['format'];
    expect(poolStanding(shape({ format, stage: 'Finished', standings }), ['a', 'b', 'c'])).toEqual({ out: ['c'], champions: ['a', 'b'] });
    expect(poolStanding(shape({ format, stage: 'Matchday 3', standings }), ['a', 'b', 'c'])).toEqual({ out: [], champions: [] });
  });
});
