import { describe, expect, it } from 'vitest';
import type { ShapeMatch, TournamentShape } from '#shared/api.ts';
import { mayEndDrawn } from './draw-chance.ts';

const final = { key: 'R1-M1', eventId: 'final', time: null, home: { awaiting: 'Group A winner' }, away: { awaiting: 'Group B winner' }, winnerTeamId: null, isBetActive: false } as ShapeMatch;
const groupsThenKnockout: Pick<TournamentShape, 'sport' | 'bracket'> = { sport: 'football', bracket: { rounds: [{ round: 1, name: 'Final', matches: [final] }] } };

describe('whether a match may end drawn', () => {
  it('may in a sport with draws, outside the bracket', () => {
    expect(mayEndDrawn(groupsThenKnockout, 'group-match')).toBe(true);
    expect(mayEndDrawn({ sport: 'kabaddi', bracket: null }, 'league-match')).toBe(true);
    // A tournament with no sport set plays as 'other', which allows draws.
    expect(mayEndDrawn({ sport: 'other', bracket: null }, 'one-off')).toBe(true);
  });

  it('may not in the bracket, or in a sport played to a winner', () => {
    expect(mayEndDrawn(groupsThenKnockout, 'final')).toBe(false);
    expect(mayEndDrawn({ sport: 'cricket', bracket: null }, 'league-match')).toBe(false);
    expect(mayEndDrawn({ ...groupsThenKnockout, sport: 'basketball' }, 'group-match')).toBe(false);
  });
});
