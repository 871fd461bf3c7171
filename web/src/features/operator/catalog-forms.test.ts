import { describe, expect, it } from 'vitest';
import { emptySchedule, matchDraft, matchPatch, membersText, parseMembers, parseRank } from './catalog-forms.ts';

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

describe('the schedule form', () => {
  it("starts with 'Open betting now' ticked and nothing chosen", () => {
    expect(emptySchedule).toEqual({ homeId: '', awayId: '', start: '', openNow: true });
  });
});

describe("a match's edit", () => {
  const match = { _id: 'm1', time: '2025-03-01T12:30:45.123Z', teams: [{ _id: 'a' }, { _id: 'b' }], venue: 'Main ground' };
  const saved = matchDraft(match, '2025-03-01T18:00');

  it('sends nothing when nothing changed (a start with seconds is no change)', () => {
    expect(saved).toEqual({ homeId: 'a', awayId: 'b', start: '2025-03-01T18:00', venue: 'Main ground' });
    expect(matchPatch(saved, { ...saved, venue: ' Main ground ' }, '2025-03-01T12:30:00.000Z')).toBeNull();
  });

  it('sends only what changed: the teams as a pair, the time, a cleared venue as empty', () => {
    expect(matchPatch(saved, { ...saved, awayId: 'c' }, 'ignored')).toEqual({ teamIds: ['a', 'c'] });
    expect(matchPatch(saved, { ...saved, start: '2025-03-01T19:00' }, '2025-03-01T13:30:00.000Z')).toEqual({ time: '2025-03-01T13:30:00.000Z' });
    expect(matchPatch(saved, { ...saved, venue: '  ' }, 'ignored')).toEqual({ venue: '' });
  });
});
