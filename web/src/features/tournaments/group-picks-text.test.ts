import { describe, expect, it } from 'vitest';
import type { GroupPicks } from '#shared/api.ts';
import { namesText, outcomeText, sidesText } from './group-picks-text.ts';

const picks = (extra: Partial<GroupPicks> = {}): GroupPicks => ({
  eventId: 'e1',
  groupId: 'g1',
  groupName: 'Hostel 4',
  split: [
    { teamId: 'tapti', teamName: 'Tapti', bettors: 7 },
    { teamId: 'ganga', teamName: 'Ganga', bettors: 3 },
  ],
  ...extra,
});

describe('group picks on a card', () => {
  it('tells the split, leaving out a side nobody backed', () => {
    expect(sidesText(picks())).toBe('7 on Tapti, 3 on Ganga');
    expect(sidesText(picks({ split: [{ teamId: 'tapti', teamName: 'Tapti', bettors: 0 }, { teamId: 'ganga', teamName: 'Ganga', bettors: 1200 }] }))).toBe('1,200 on Ganga');
  });

  it("names the winner's backers, or says nobody here backed it, or that the stakes came back; nothing before a result", () => {
    expect(outcomeText(picks())).toBeUndefined();
    expect(outcomeText(picks({ winnerTeamId: 'tapti', winners: { names: ['Asha', 'Ravi'], more: 5 } }))).toBe('Backed Tapti: Asha, Ravi and 5 more');
    expect(outcomeText(picks({ winnerTeamId: 'ganga', winners: { names: [], more: 0 } }))).toBe('Nobody here backed Ganga');
    expect(outcomeText(picks({ stakesReturned: true }))).toBe('No winners: every stake came back');
  });

  it('lists names as a sentence does', () => {
    expect(namesText(['Asha'], 0)).toBe('Asha');
    expect(namesText(['Asha', 'Ravi'], 0)).toBe('Asha and Ravi');
    expect(namesText(['Asha', 'Kiran', 'Ravi'], 0)).toBe('Asha, Kiran and Ravi');
    expect(namesText(['Asha', 'Ravi'], 1)).toBe('Asha, Ravi and 1 more');
    expect(namesText([], 1)).toBe('1 member');
    expect(namesText([], 2)).toBe('2 members');
  });
});
