import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advance,
  groupsThenKnockout,
  isByeMatch,
  knockout,
  roundRobin,
  teamsOf,
  winnerOf,
  type Bracket,
  type BracketMatch,
  type BracketResults,
  type Round,
  type Slot,
} from './fixture-generation.ts';

const teams = (count: number) => Array.from({ length: count }, (_, index) => `T${index + 1}`);
const pairKey = (a: string, b: string) => [a, b].sort().join('|');
const realMatches = (bracket: Bracket) => bracket.rounds.flatMap((round) => round.matches).filter((match) => !isByeMatch(match));
const slotText = (slot: Slot) =>
  'team' in slot ? slot.team : 'bye' in slot ? 'bye' : 'winnerOf' in slot ? `W(${slot.winnerOf})` : `${slot.groupPlace.group}${slot.groupPlace.place}`;
const firstRound = (bracket: Bracket) => bracket.rounds[0].matches.map((match) => `${slotText(match.home)} v ${slotText(match.away)}`);

/** Plays the bracket out, each real match won by the side `pick` says: the champion, who lost where, and what went wrong. */
function playOut(bracket: Bracket, pick: (match: BracketMatch) => 'home' | 'away', groupPlaces?: BracketResults['groupPlaces']) {
  const winners: Record<string, string> = {};
  const losses = new Map<string, number>();
  const champions: string[] = [];
  const faults: string[] = [];
  for (const round of bracket.rounds) {
    for (const match of round.matches) {
      const sides = teamsOf(bracket, match.id, { winners, groupPlaces });
      let winner: string | undefined;
      if (isByeMatch(match)) {
        winner = winnerOf(bracket, match.id, { winners, groupPlaces });
      } else if (sides.home === undefined || sides.away === undefined) {
        // Both sides of a real match are known once every earlier round is decided.
        faults.push(`${match.id} has an unknown side`);
      } else {
        winner = sides[pick(match)];
        const loser = winner === sides.home ? sides.away : sides.home;
        losses.set(loser, (losses.get(loser) ?? 0) + 1);
        winners[match.id] = winner!;
      }
      if (winner === undefined) continue;
      const next = advance(bracket, match.id, winner);
      if ('champion' in next) champions.push(next.champion);
      else if (next.team !== winner) faults.push(`${match.id} sends on ${next.team}`);
    }
  }
  if (champions.length !== 1) faults.push(`champions: ${champions.join()}`);
  return { champion: champions[0], losses, faults };
}

/** What is wrong with a round robin, against the checks every one passes (plain loops: the property runs them thousands of times). */
function roundRobinFaults(teamIds: string[], rounds: Round[], double: boolean): string[] {
  const faults: string[] = [];
  const n = teamIds.length;
  const expectedRounds = n < 2 ? 0 : (n % 2 === 0 ? n - 1 : n) * (double ? 2 : 1);
  if (rounds.some((round, index) => round.round !== index + 1) || rounds.length !== expectedRounds) faults.push('round numbers');
  const meetings = new Map<string, number>();
  const directed = new Set<string>();
  const homeMinusAway = new Map(teamIds.map((team) => [team, 0]));
  for (const round of rounds) {
    const inRound = round.matches.flatMap((match) => [match.home, match.away]);
    // Nobody twice in a round; everybody plays or sits out.
    if (new Set(inRound).size !== inRound.length) faults.push(`round ${round.round}: a team twice`);
    if (round.matches.length !== Math.floor(n / 2)) faults.push(`round ${round.round}: ${round.matches.length} matches`);
    const sitsOutRight = n % 2 === 1 ? round.sitsOut !== undefined && !inRound.includes(round.sitsOut) : round.sitsOut === undefined;
    if (!sitsOutRight) faults.push(`round ${round.round}: sits out ${round.sitsOut}`);
    for (const { home, away } of round.matches) {
      if (home === away) faults.push(`${home} plays itself`);
      meetings.set(pairKey(home, away), (meetings.get(pairKey(home, away)) ?? 0) + 1);
      directed.add(`${home}>${away}`);
      homeMinusAway.set(home, homeMinusAway.get(home)! + 1);
      homeMinusAway.set(away, homeMinusAway.get(away)! - 1);
    }
  }
  if (meetings.size !== (n * (n - 1)) / 2) faults.push(`${meetings.size} pairs meet`);
  if ([...meetings.values()].some((count) => count !== (double ? 2 : 1))) faults.push('a pair meets too often');
  if (double && directed.size !== n * (n - 1)) faults.push('a return leg is missing');
  for (const [team, difference] of homeMinusAway) if (Math.abs(difference) > (double ? 0 : 1)) faults.push(`${team} home-away ${difference}`);
  return faults;
}

const expectFairRoundRobin = (teamIds: string[], rounds: Round[], double: boolean) => expect(roundRobinFaults(teamIds, rounds, double)).toEqual([]);

describe('roundRobin', () => {
  it('plays 4 teams in 3 rounds of 2 matches', () => {
    const rounds = roundRobin(teams(4));
    expect(rounds).toHaveLength(3);
    expectFairRoundRobin(teams(4), rounds, false);
  });

  it('gives 5 teams 5 rounds, each with one team sitting out', () => {
    const rounds = roundRobin(teams(5));
    expect(rounds).toHaveLength(5);
    expect(rounds.map((round) => round.sitsOut).sort()).toEqual(teams(5));
  });

  it('plays the return legs of a double round robin with home and away swapped, in the same order', () => {
    const rounds = roundRobin(teams(4), { double: true });
    expect(rounds).toHaveLength(6);
    expect(rounds[3].matches).toEqual(rounds[0].matches.map(({ home, away }) => ({ home: away, away: home })));
  });

  it('has no rounds for fewer than 2 teams, and refuses a team listed twice', () => {
    expect(roundRobin([])).toEqual([]);
    expect(roundRobin(['T1'])).toEqual([]);
    expect(() => roundRobin(['T1', 'T2', 'T1'])).toThrow(RangeError);
  });

  it('pairs every two teams exactly once (twice, once each way, in a double), nobody twice a round, home games even within one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), fc.boolean(), (count, double) => {
        expectFairRoundRobin(teams(count), roundRobin(teams(count), { double }), double);
      }),
    );
  });
});

describe('knockout', () => {
  it('seeds 8 teams 1 v 8, 4 v 5, 2 v 7, 3 v 6, names the rounds and points each winner onwards', () => {
    const bracket = knockout(teams(8));
    expect(firstRound(bracket)).toEqual(['T1 v T8', 'T4 v T5', 'T2 v T7', 'T3 v T6']);
    expect(bracket.rounds.map((round) => round.name)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    expect(bracket.rounds[0].matches[0]).toEqual({ id: 'R1-M1', round: 1, home: { team: 'T1' }, away: { team: 'T8' }, next: { matchId: 'R2-M1', slot: 'home' } });
    expect(bracket.rounds[0].matches[1].next).toEqual({ matchId: 'R2-M1', slot: 'away' });
    expect(bracket.rounds[2].matches).toEqual([{ id: 'R3-M1', round: 3, home: { winnerOf: 'R2-M1' }, away: { winnerOf: 'R2-M2' } }]);
  });

  it('pairs 16 teams 1 v 16 then 8 v 9', () => {
    expect(firstRound(knockout(teams(16))).slice(0, 2)).toEqual(['T1 v T16', 'T8 v T9']);
    expect(knockout(teams(16)).rounds[0].name).toBe('Round of 16');
  });

  it('gives the byes to the top seeds, and a bye team goes through without playing', () => {
    const bracket = knockout(teams(5));
    expect(firstRound(bracket)).toEqual(['T1 v bye', 'T4 v T5', 'T2 v bye', 'T3 v bye']);
    expect(realMatches(bracket).map((match) => match.id)).toEqual(['R1-M2', 'R2-M1', 'R2-M2', 'R3-M1']);
    expect(teamsOf(bracket, 'R2-M1')).toEqual({ home: 'T1' });
    expect(teamsOf(bracket, 'R2-M1', { winners: { 'R1-M2': 'T5' } })).toEqual({ home: 'T1', away: 'T5' });
    expect(teamsOf(bracket, 'R2-M2')).toEqual({ home: 'T2', away: 'T3' });
  });

  it('tells where a winner goes, and the champion after the final', () => {
    const bracket = knockout(teams(4));
    expect(advance(bracket, 'R1-M2', 'T3')).toEqual({ matchId: 'R2-M1', slot: 'away', team: 'T3' });
    expect(advance(bracket, 'R2-M1', 'T3')).toEqual({ champion: 'T3' });
    expect(() => advance(bracket, 'R9-M9', 'T3')).toThrow(RangeError);
  });

  it('needs 2 distinct teams', () => {
    expect(() => knockout(['T1'])).toThrow(RangeError);
    expect(() => knockout(['T1', 'T1'])).toThrow(RangeError);
  });

  it('has n-1 real matches in log2 rounds, one final, each team once in the first round, and any winners give one champion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 70 }), fc.array(fc.boolean(), { minLength: 70, maxLength: 70 }), (count, picks) => {
        const teamIds = teams(count);
        const bracket = knockout(teamIds);
        expect(realMatches(bracket)).toHaveLength(count - 1);
        expect(bracket.rounds).toHaveLength(Math.ceil(Math.log2(count)));
        const all = bracket.rounds.flatMap((round) => round.matches);
        expect(all.filter((match) => !match.next)).toEqual(bracket.rounds.at(-1)!.matches);
        expect(bracket.rounds.at(-1)!.matches).toHaveLength(1);
        // Each later match is fed by exactly two earlier ones, one a side.
        const feeds = all.flatMap((match) => (match.next ? [`${match.next.matchId}/${match.next.slot}`] : []));
        expect(new Set(feeds).size).toBe(feeds.length);
        expect(feeds).toHaveLength(all.length - 1);

        const firstRoundSlots = bracket.rounds[0].matches.flatMap((match) => [match.home, match.away]);
        const firstRoundTeams = firstRoundSlots.flatMap((slot) => ('team' in slot ? [slot.team] : []));
        expect([...firstRoundTeams].sort()).toEqual([...teamIds].sort());
        // Byes meet only the top seeds, never each other.
        const byes = 2 ** bracket.rounds.length - count;
        const byeFaults = bracket.rounds[0].matches.filter(
          (match) => 'bye' in match.home || ('bye' in match.away && teamIds.indexOf(slotText(match.home)) >= byes),
        );
        expect(byeFaults).toEqual([]);

        let played = 0;
        const { champion, losses, faults } = playOut(bracket, () => (picks[played++ % picks.length] ? 'home' : 'away'));
        expect(faults).toEqual([]);
        expect(teamIds).toContain(champion);
        expect(losses.has(champion)).toBe(false);
        expect([...losses.keys()].sort()).toEqual(teamIds.filter((team) => team !== champion).sort());
        expect([...losses.values()].every((times) => times === 1)).toBe(true);
      }),
    );
  });

  it('keeps the top seeds apart: the better seed always wins means 1 v 2 in the final, 1-4 in the semi-finals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 70 }), (count) => {
        const bracket = knockout(teams(count));
        const seed = (team: string) => Number(team.slice(1));
        const betterSeed = (match: BracketMatch) => {
          const { home, away } = teamsOf(bracket, match.id, { winners });
          return seed(home!) < seed(away!) ? 'home' : 'away';
        };
        const winners: Record<string, string> = {};
        for (const match of realMatches(bracket)) {
          const sides = teamsOf(bracket, match.id, { winners });
          winners[match.id] = sides[betterSeed(match)]!;
        }
        const [semiFinals, final] = bracket.rounds.slice(-2);
        expect(teamsOf(bracket, final.matches[0].id, { winners })).toEqual({ home: 'T1', away: 'T2' });
        const semiFinalists = semiFinals.matches.flatMap((match) => Object.values(teamsOf(bracket, match.id, { winners })));
        expect(semiFinalists.sort()).toEqual(['T1', 'T2', 'T3', 'T4']);
      }),
    );
  });
});

describe('groupsThenKnockout', () => {
  it('snake-seeds 8 teams into 2 groups and crosses the groups in the semi-finals', () => {
    const { groups, knockout: bracket } = groupsThenKnockout(teams(8), { groups: 2, advancePerGroup: 2 });
    expect(groups.map((group) => [group.name, group.teamIds])).toEqual([
      ['A', ['T1', 'T4', 'T5', 'T8']],
      ['B', ['T2', 'T3', 'T6', 'T7']],
    ]);
    expect(groups[0].rounds).toHaveLength(3);
    expect(firstRound(bracket)).toEqual(['A1 v B2', 'B1 v A2']);
    expect(teamsOf(bracket, 'R1-M1', { groupPlaces: { A: ['T4', 'T1'], B: ['T2', 'T6'] } })).toEqual({ home: 'T4', away: 'T6' });
  });

  it('gives the byes to group winners: 3 groups of 2 going through', () => {
    const { knockout: bracket } = groupsThenKnockout(teams(9), { groups: 3, advancePerGroup: 2 });
    expect(firstRound(bracket)).toEqual(['A1 v bye', expect.any(String), 'B1 v bye', expect.any(String)]);
  });

  it('refuses impossible options', () => {
    expect(() => groupsThenKnockout(teams(5), { groups: 3, advancePerGroup: 1 })).toThrow(RangeError);
    expect(() => groupsThenKnockout(teams(8), { groups: 2, advancePerGroup: 5 })).toThrow(RangeError);
    expect(() => groupsThenKnockout(teams(8), { groups: 2, advancePerGroup: 0 })).toThrow(RangeError);
    expect(() => groupsThenKnockout(teams(4), { groups: 1, advancePerGroup: 1 })).toThrow(RangeError);
    expect(() => groupsThenKnockout(teams(8), { groups: 1.5, advancePerGroup: 1 })).toThrow(RangeError);
  });

  const setups = fc
    .record({ count: fc.integer({ min: 2, max: 48 }), groups: fc.integer({ min: 1, max: 12 }), advance: fc.integer({ min: 1, max: 8 }) })
    .filter(({ count, groups, advance: per }) => count >= 2 * groups && per <= Math.floor(count / groups) && groups * per >= 2);

  it('puts each team in one group (sizes within one, snake order), every group a round robin, every place once in the knockout', () => {
    fc.assert(
      fc.property(setups, fc.boolean(), fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }), ({ count, groups: groupCount, advance: per }, double, picks) => {
        const teamIds = teams(count);
        const { groups, knockout: bracket } = groupsThenKnockout(teamIds, { groups: groupCount, advancePerGroup: per, double });
        expect(groups).toHaveLength(groupCount);
        expect(groups.flatMap((group) => group.teamIds).sort()).toEqual([...teamIds].sort());
        const sizes = groups.map((group) => group.teamIds.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        // Pass k of the snake deals seeds k*g .. k*g+g-1, one to each group.
        for (let pass = 0; pass < Math.ceil(count / groupCount); pass++) {
          const dealt = groups.flatMap((group) => (pass < group.teamIds.length ? [teamIds.indexOf(group.teamIds[pass])] : []));
          expect(dealt.sort((a, b) => a - b)).toEqual(teamIds.map((_, index) => index).filter((index) => Math.floor(index / groupCount) === pass));
        }
        for (const group of groups) expectFairRoundRobin(group.teamIds, group.rounds, double);

        const places = bracket.rounds[0].matches.flatMap((match) => [match.home, match.away]).filter((slot) => !('bye' in slot));
        const expected = groups.flatMap((group) => Array.from({ length: per }, (_, place) => `${group.name}${place + 1}`));
        expect(places.map(slotText).sort()).toEqual(expected.sort());
        expect(realMatches(bracket)).toHaveLength(groupCount * per - 1);
        if (groupCount >= 2) {
          const groupMates = bracket.rounds[0].matches.filter((match) => !isByeMatch(match) && slotText(match.home)[0] === slotText(match.away)[0]);
          expect(groupMates).toEqual([]);
        }

        // Finished groups (in seed order) resolve the first round; any winners then give one champion.
        const groupPlaces = Object.fromEntries(groups.map((group) => [group.name, group.teamIds]));
        let played = 0;
        const { champion, losses, faults } = playOut(bracket, () => (picks[played++ % picks.length] ? 'home' : 'away'), groupPlaces);
        expect(faults).toEqual([]);
        expect(champion).toBeDefined();
        expect(losses.size).toBe(groupCount * per - 1);
      }),
    );
  });
});
