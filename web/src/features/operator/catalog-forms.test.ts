import { describe, expect, it } from 'vitest';
import { isoToUtcInput, membersText, parseMembers, parseRank, utcInputToIso } from './catalog-forms.ts';

describe('team fields', () => {
  it('reads members separated by commas or lines, dropping blanks', () => {
    expect(parseMembers(' Asha, Ravi ,,\nMeera\n')).toEqual([{ name: 'Asha' }, { name: 'Ravi' }, { name: 'Meera' }]);
    expect(parseMembers('  ')).toEqual([]);
  });

  it('writes members back as the field shows them', () => {
    expect(membersText([{ name: 'Asha' }, { name: 'Ravi' }])).toBe('Asha, Ravi');
  });

  it('reads an empty rank as none', () => {
    expect(parseRank('')).toBeUndefined();
    expect(parseRank(' 3 ')).toBe(3);
  });
});

describe('event start time', () => {
  it('reads the field as UTC', () => {
    expect(utcInputToIso('2030-05-04T18:30')).toBe('2030-05-04T18:30:00.000Z');
  });

  it('is null when empty or incomplete', () => {
    expect(utcInputToIso('')).toBeNull();
    expect(utcInputToIso('2030-05-04')).toBeNull();
  });

  it('round-trips through the field', () => {
    expect(isoToUtcInput('2030-05-04T18:30:00.000Z')).toBe('2030-05-04T18:30');
  });
});
