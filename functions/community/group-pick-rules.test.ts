import { describe, expect, it } from 'vitest';
import { groupPicksOf, namedFew, type MemberBet, type PickedMatch } from './group-pick-rules.ts';

const MATCH: PickedMatch = { id: 'e1', teamIds: ['tapti', 'ganga'] };
const GROUP = { id: 'g1', name: 'Hostel 4' };
const TEAMS = new Map([
  ['tapti', 'Tapti'],
  ['ganga', 'Ganga'],
]);
const bet = (userId: string, teamId: string, extra: Partial<MemberBet> = {}): MemberBet => ({ userId, teamId, ...extra });
const NAMES = new Map([
  ['u1', 'Ravi'],
  ['u2', 'Asha'],
  ['u3', 'Kiran'],
  ['u4', 'Meera'],
  ['u5', 'Dev'],
]);

describe('groupPicksOf', () => {
  it('splits the members by the team they backed, home first, before a result', () => {
    const picks = groupPicksOf(MATCH, GROUP, [bet('u1', 'tapti'), bet('u2', 'ganga'), bet('u3', 'tapti')], NAMES, TEAMS);
    expect(picks).toEqual({
      eventId: 'e1',
      groupId: 'g1',
      groupName: 'Hostel 4',
      split: [
        { teamId: 'tapti', teamName: 'Tapti', bettors: 2 },
        { teamId: 'ganga', teamName: 'Ganga', bettors: 1 },
      ],
    });
  });

  it('counts only bets on the match as it is now: never one off its lineup', () => {
    const bets = [
      bet('u1', 'tapti', { eventVersion: 0 }),
      bet('u2', 'brahmaputra'),
      bet('u3', 'tapti', { eventVersion: 1 }),
      bet('u4', 'ganga', { eventVersion: 2 }),
    ];
    const picks = groupPicksOf({ ...MATCH, lineupVersion: 2 }, GROUP, bets, NAMES, TEAMS);
    expect(picks?.split.map((side) => side.bettors)).toEqual([0, 1]);
    expect(groupPicksOf({ ...MATCH, lineupVersion: 1 }, GROUP, [bet('u1', 'tapti')], NAMES, TEAMS)).toBeUndefined();
    expect(groupPicksOf(MATCH, GROUP, [], NAMES, TEAMS)).toBeUndefined();
  });

  it("names the winner's backers once decided, by name, the rest counted", () => {
    const bets = ['u1', 'u2', 'u3', 'u4', 'u5'].map((id) => bet(id, 'tapti')).concat(bet('u6', 'ganga'));
    const picks = groupPicksOf({ ...MATCH, winnerTeamId: 'tapti' }, GROUP, bets, NAMES, TEAMS);
    expect(picks).toMatchObject({ winnerTeamId: 'tapti', winners: { names: ['Asha', 'Dev'], more: 3 } });
    const won = groupPicksOf({ ...MATCH, winnerTeamId: 'ganga' }, GROUP, bets, NAMES, TEAMS);
    // u6's account is gone: counted, not named.
    expect(won).toMatchObject({ winnerTeamId: 'ganga', winners: { names: [], more: 1 } });
  });

  it('says the stakes came back on a draw, a void or a walkover, with nobody named as a winner', () => {
    const bets = [bet('u1', 'tapti'), bet('u2', 'ganga')];
    for (const outcome of [{ isDraw: true }, { isVoid: true }, { winnerTeamId: 'tapti', walkover: true }]) {
      const picks = groupPicksOf({ ...MATCH, ...outcome }, GROUP, bets, NAMES, TEAMS);
      expect(picks).toMatchObject({ stakesReturned: true });
      expect(picks).not.toHaveProperty('winners');
      expect(picks).not.toHaveProperty('winnerTeamId');
    }
  });
});

describe('namedFew', () => {
  it('names up to three, else two and how many more', () => {
    expect(namedFew([])).toEqual({ names: [], more: 0 });
    expect(namedFew(['Ravi', 'Asha', 'Kiran'])).toEqual({ names: ['Asha', 'Kiran', 'Ravi'], more: 0 });
    expect(namedFew(['Ravi', 'Asha', 'Kiran', 'Dev'])).toEqual({ names: ['Asha', 'Dev'], more: 2 });
  });
});
