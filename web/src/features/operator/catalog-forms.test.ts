import { describe, expect, it } from 'vitest';
import { membersText, parseMembers, parseRank } from './catalog-forms.ts';

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
