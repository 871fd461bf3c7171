import { describe, expect, it } from 'vitest';
import { matchLabel, matchName, matchNumber } from './match-names.ts';

describe('matchName', () => {
  it('names a generated match by its stage and its number in the round', () => {
    expect(matchName('Round of 16', 'R1-M2')).toBe('Round of 16 · Match 2');
    expect(matchName('Quarter-finals', 'R2-M4')).toBe('Quarter-finals · Match 4');
    expect(matchName('Group A · Matchday 3', 'A-R3-M1')).toBe('Group A · Matchday 3 · Match 1');
    expect(matchName('Final', 'R4-M1')).toBe('Final');
  });

  it('labels a generated match with its key, as its next match awaits it', () => {
    expect(matchLabel('Round of 16', 'R1-M2')).toBe('Round of 16 · Match 2 (R1-M2)');
    expect(matchLabel('Final', 'R4-M1')).toBe('Final (R4-M1)');
    expect(matchLabel(undefined, undefined)).toBe('');
  });

  it('is the stage alone, or nothing, for a match of no format', () => {
    expect(matchName('Friendly', undefined)).toBe('Friendly');
    expect(matchName(undefined, undefined)).toBe('');
    expect(matchNumber('not-a-key')).toBeUndefined();
  });
});
