import { describe, expect, it } from 'vitest';
import { pointsProblem, shownPoints, type SportDraft, sportInput } from './sport-draft.ts';

const draft = (fields: Partial<SportDraft>): SportDraft => ({ sport: 'other', points: null, ...fields });

describe('shownPoints', () => {
  it("shows the points as edited, else the tournament's own for its sport, else the sport's usual ones", () => {
    expect(shownPoints(draft({ sport: 'football' }))).toEqual({ win: '3', draw: '1', loss: '0' });
    expect(shownPoints(draft({ sport: 'cricket' }))).toEqual({ win: '2', draw: '0', loss: '0' });
    const saved = { sport: 'football' as const, points: { win: 4, draw: 2, loss: 0 } };
    expect(shownPoints(draft({ sport: 'football' }), saved)).toEqual({ win: '4', draw: '2', loss: '0' });
    // Another sport chosen: its usual points.
    expect(shownPoints(draft({ sport: 'kabaddi' }), saved)).toEqual({ win: '5', draw: '3', loss: '0' });
    expect(shownPoints(draft({ points: { win: '3', draw: '', loss: '0' } }), saved)).toEqual({ win: '3', draw: '', loss: '0' });
  });
});

describe('pointsProblem', () => {
  it('refuses what the server would, an empty field too', () => {
    expect(pointsProblem(draft({ sport: 'football' }))).toBeUndefined();
    expect(pointsProblem(draft({ points: { win: '1', draw: '1', loss: '0' } }))).toBe('A win must be worth more points than a draw.');
    expect(pointsProblem(draft({ points: { win: '3', draw: '', loss: '0' } }))).toMatch(/^Points for a draw must be a whole number/);
    expect(pointsProblem(draft({ points: { win: '2.5', draw: '1', loss: '0' } }))).toMatch(/^Points for a win/);
  });
});

describe('sportInput', () => {
  it("sends a new tournament's sport, and its points only when not the sport's usual ones", () => {
    expect(sportInput(draft({}))).toEqual({ sport: 'other' });
    expect(sportInput(draft({ sport: 'football', points: { win: '3', draw: '1', loss: '0' } }))).toEqual({ sport: 'football' });
    expect(sportInput(draft({ sport: 'football', points: { win: '2', draw: '1', loss: '0' } }))).toEqual({ sport: 'football', points: { win: 2, draw: 1, loss: 0 } });
  });

  it('sends of an edit only what changes the tournament', () => {
    const usual = { sport: 'football' as const, points: { win: 3, draw: 1, loss: 0 } };
    const own = { sport: 'football' as const, points: { win: 4, draw: 2, loss: 0 } };
    // Untouched.
    expect(sportInput(draft({ sport: 'football' }), usual)).toEqual({});
    expect(sportInput(draft({ sport: 'football' }), own)).toEqual({});
    // Points of its own, or back to the usual ones from its own.
    expect(sportInput(draft({ sport: 'football', points: { win: '3', draw: '0', loss: '0' } }), usual)).toEqual({ points: { win: 3, draw: 0, loss: 0 } });
    expect(sportInput(draft({ sport: 'football', points: { win: '3', draw: '1', loss: '0' } }), own)).toEqual({ points: { win: 3, draw: 1, loss: 0 } });
    // Another sport with its usual points: those go with it only when the tournament had its own.
    expect(sportInput(draft({ sport: 'cricket' }), usual)).toEqual({ sport: 'cricket' });
    expect(sportInput(draft({ sport: 'cricket' }), own)).toEqual({ sport: 'cricket', points: { win: 2, draw: 0, loss: 0 } });
    // Points not read yet count as the sport's usual ones; a tournament from before sports plays as 'other'.
    expect(sportInput(draft({ sport: 'football' }), { sport: 'football' })).toEqual({});
    expect(sportInput(draft({ sport: 'other' }), { sport: undefined })).toEqual({});
  });
});
