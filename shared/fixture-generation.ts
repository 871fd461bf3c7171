// Fixtures an organiser generates from a list of teams: a league (round robin), a seeded knockout, or
// groups then a knockout. Pure: the web app's preview and the functions that create the events build
// the same fixtures from the same input. Team ids are opaque strings; order in = seeding (index 0 best).

export type Pairing = { home: string; away: string };

/** One round of a league: every team plays at most once in it. */
export type Round = {
  round: number;
  matches: Pairing[];
  /** With an odd number of teams, the one that rests this round (paired with the bye). */
  sitsOut?: string;
};

/** A knockout slot: a team, a group's finishing place, the winner of an earlier match, or nobody (a bye). */
export type Slot =
  | { team: string }
  | { groupPlace: { group: string; place: number } }
  | { winnerOf: string }
  | { bye: true };

export type SlotSide = 'home' | 'away';

export type BracketMatch = {
  /** Stable and readable: `R<round>-M<match>`, both counted from 1. */
  id: string;
  round: number;
  home: Slot;
  away: Slot;
  /** Where the winner goes; absent for the final. */
  next?: { matchId: string; slot: SlotSide };
};

export type BracketRound = { round: number; name: string; matches: BracketMatch[] };

export type Bracket = { rounds: BracketRound[] };

export type Group = { name: string; teamIds: string[]; rounds: Round[] };

export type GroupsThenKnockout = { groups: Group[]; knockout: Bracket };

/** What is known so far: the winner of each decided match, and each finished group's teams in finishing order. */
export type BracketResults = {
  winners?: Readonly<Partial<Record<string, string>>>;
  groupPlaces?: Readonly<Partial<Record<string, readonly string[]>>>;
};

/** Group names, in order: A, B, C… */
export const GROUP_NAMES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function assertDistinct(teamIds: readonly string[]) {
  if (new Set(teamIds).size !== teamIds.length) throw new RangeError('Team ids must be distinct');
}

/**
 * Every team plays every other once (`double`: twice, once at each home), by the circle method: one
 * team stays put while the others turn round it a place each round, so no team plays twice in a round.
 * n teams play n-1 rounds (n rounds when n is odd: each team sits one out). Fewer than 2 teams: no rounds.
 */
export function roundRobin(teamIds: readonly string[], options: { double?: boolean } = {}): Round[] {
  assertDistinct(teamIds);
  if (teamIds.length < 2) return [];
  // An odd field gets a bye at the centre: whoever it meets rests that round.
  const centre = teamIds.length % 2 === 0 ? teamIds[teamIds.length - 1] : null;
  const circle = centre === null ? [...teamIds] : teamIds.slice(0, -1);
  const size = circle.length; // odd, so each team turns to face every other exactly once
  const half: Round[] = [];
  for (let r = 0; r < size; r++) {
    const matches: Pairing[] = [];
    let sitsOut: string | undefined;
    // The centre alternates home and away; a circle team is at home against the teams behind it and away
    // against those ahead, which evens out each team's home games to within one.
    if (centre === null) sitsOut = circle[r];
    else matches.push(r % 2 === 0 ? { home: centre, away: circle[r] } : { home: circle[r], away: centre });
    for (let k = 1; k <= (size - 1) / 2; k++) {
      matches.push({ home: circle[(r + k) % size], away: circle[(r - k + size) % size] });
    }
    half.push(sitsOut === undefined ? { round: r + 1, matches } : { round: r + 1, matches, sitsOut });
  }
  if (!options.double) return half;
  const returnLegs = half.map((round) => ({
    ...round,
    round: round.round + size,
    matches: round.matches.map(({ home, away }) => ({ home: away, away: home })),
  }));
  return [...half, ...returnLegs];
}

/** Seeds 1..size in bracket order, pairs side by side: 1 v 16, 8 v 9, 4 v 13… so the top seeds meet last. */
function bracketOrder(size: number): number[] {
  let order = [1];
  for (let width = 2; width <= size; width *= 2) order = order.flatMap((seed) => [seed, width + 1 - seed]);
  return order;
}

function roundName(roundsToGo: number): string {
  if (roundsToGo === 0) return 'Final';
  if (roundsToGo === 1) return 'Semi-finals';
  if (roundsToGo === 2) return 'Quarter-finals';
  return `Round of ${2 ** (roundsToGo + 1)}`;
}

const matchId = (round: number, match: number) => `R${round}-M${match}`;

/** A single-elimination bracket of entrants in seed order, byes (up to a power of two) to the top seeds. */
function bracketOf(entrants: readonly Slot[]): Bracket {
  let size = 2;
  while (size < entrants.length) size *= 2;
  const order = bracketOrder(size);
  const roundCount = Math.log2(size);
  const rounds: BracketRound[] = [];
  for (let round = 1; round <= roundCount; round++) {
    const count = size / 2 ** round;
    const matches: BracketMatch[] = [];
    for (let m = 1; m <= count; m++) {
      // The better seed is at home; a bye (a seed past the field) is always the away side.
      const [home, away]: Slot[] =
        round === 1
          ? [order[2 * m - 2], order[2 * m - 1]].map((seed) => (seed <= entrants.length ? entrants[seed - 1] : { bye: true }))
          : [{ winnerOf: matchId(round - 1, 2 * m - 1) }, { winnerOf: matchId(round - 1, 2 * m) }];
      const match: BracketMatch = { id: matchId(round, m), round, home, away };
      // Odd matches feed the home side of the next round's match, even ones its away side.
      if (round < roundCount) match.next = { matchId: matchId(round + 1, Math.ceil(m / 2)), slot: m % 2 === 1 ? 'home' : 'away' };
      matches.push(match);
    }
    rounds.push({ round, name: roundName(roundCount - round), matches });
  }
  return { rounds };
}

/**
 * A seeded knockout (index 0 = top seed): byes up to the next power of two go to the top seeds, and the
 * standard seeding (1 v 16, 8 v 9, …) keeps the top seeds apart until the last rounds. n teams play
 * n-1 real matches; a match against a bye is no fixture (its team goes through).
 */
export function knockout(seededTeamIds: readonly string[]): Bracket {
  assertDistinct(seededTeamIds);
  if (seededTeamIds.length < 2) throw new RangeError('A knockout needs at least 2 teams');
  return bracketOf(seededTeamIds.map((team) => ({ team })));
}

/** A match with a bye in it is not played: its team goes straight through. */
export const isByeMatch = (match: BracketMatch) => 'bye' in match.home || 'bye' in match.away;

/**
 * Each finishing place's group order in the knockout's seeding, so that no first-round match pits two
 * teams of one group (a group winner never meets its own runner-up at once). Seeds run by place, then
 * group: A1, B1, C1, then the runners-up. A seed's first-round opponent is seed size+1-seed; within
 * a place each seed gets a group whose team it cannot meet from the places already seeded (a matching:
 * each seed refuses at most one group, so with two groups or more one always exists).
 */
function placeOrders(groupCount: number, advancePerGroup: number): number[][] {
  const entrants = groupCount * advancePerGroup;
  let size = 2;
  while (size < entrants) size *= 2;
  const groupOfSeed: number[] = []; // index = seed - 1
  const orders: number[][] = [];
  for (let place = 0; place < advancePerGroup; place++) {
    const first = place * groupCount + 1;
    const refused = (index: number) => {
      const opponent = size + 1 - (first + index);
      return opponent < first && opponent <= entrants ? groupOfSeed[opponent - 1] : undefined;
    };
    const seedOfGroup = new Array<number | undefined>(groupCount).fill(undefined);
    // Kuhn's augmenting paths: give seed `index` a free group it may take, the first in order, else one
    // whose seed can move to another group.
    const assign = (index: number, tried: Set<number>): boolean => {
      const allowed = [...seedOfGroup.keys()].filter((group) => group !== refused(index) && !tried.has(group));
      const free = allowed.find((group) => seedOfGroup[group] === undefined);
      if (free !== undefined) {
        seedOfGroup[free] = index;
        return true;
      }
      for (const group of allowed) {
        if (tried.has(group)) continue; // tried deeper down this path
        tried.add(group);
        if (assign(seedOfGroup[group]!, tried)) {
          seedOfGroup[group] = index;
          return true;
        }
      }
      return false;
    };
    let matched = true;
    for (let index = 0; index < groupCount && matched; index++) matched = assign(index, new Set());
    // Unmatched only with one group, whose teams can meet no one else: plain order then.
    const order = Array.from({ length: groupCount }, (_, index) => index);
    if (matched) {
      seedOfGroup.forEach((index, group) => {
        if (index !== undefined) order[index] = group;
      });
    }
    order.forEach((group, index) => (groupOfSeed[first + index - 1] = group));
    orders.push(order);
  }
  return orders;
}

/**
 * Groups by snake seeding (A, B, C, then C, B, A, … so each group's seeds add up alike), a round robin
 * inside each, then a knockout of each group's top `advancePerGroup`, whose slots name group places
 * (`{ groupPlace: { group: 'A', place: 1 } }`) until the groups finish. No first-round knockout match
 * brings two teams of one group together when there are two groups or more.
 */
export function groupsThenKnockout(
  seededTeamIds: readonly string[],
  options: { groups: number; advancePerGroup: number; double?: boolean },
): GroupsThenKnockout {
  const { groups: groupCount, advancePerGroup } = options;
  assertDistinct(seededTeamIds);
  if (!Number.isInteger(groupCount) || groupCount < 1 || groupCount > GROUP_NAMES.length) {
    throw new RangeError(`Groups must be a whole number from 1 to ${GROUP_NAMES.length}`);
  }
  if (seededTeamIds.length < 2 * groupCount) throw new RangeError('Every group needs at least 2 teams');
  const smallestGroup = Math.floor(seededTeamIds.length / groupCount);
  if (!Number.isInteger(advancePerGroup) || advancePerGroup < 1 || advancePerGroup > smallestGroup) {
    throw new RangeError(`Teams going through per group must be a whole number from 1 to ${smallestGroup}`);
  }
  if (groupCount * advancePerGroup < 2) throw new RangeError('A knockout needs at least 2 teams');

  const members: string[][] = Array.from({ length: groupCount }, () => []);
  seededTeamIds.forEach((teamId, index) => {
    const pass = Math.floor(index / groupCount);
    const position = index % groupCount;
    members[pass % 2 === 0 ? position : groupCount - 1 - position].push(teamId);
  });
  const groups = members.map((teamIds, index) => ({
    name: GROUP_NAMES[index],
    teamIds,
    rounds: roundRobin(teamIds, { double: options.double ?? false }),
  }));
  const entrants = placeOrders(groupCount, advancePerGroup).flatMap((order, place) =>
    order.map((group): Slot => ({ groupPlace: { group: GROUP_NAMES[group], place: place + 1 } })),
  );
  return { groups, knockout: bracketOf(entrants) };
}

function findMatch(bracket: Bracket, id: string): BracketMatch {
  for (const round of bracket.rounds) {
    const match = round.matches.find((candidate) => candidate.id === id);
    if (match) return match;
  }
  throw new RangeError(`No match ${id} in the bracket`);
}

function teamInSlot(bracket: Bracket, slot: Slot, results: BracketResults): string | undefined {
  if ('team' in slot) return slot.team;
  if ('bye' in slot) return undefined;
  if ('groupPlace' in slot) return results.groupPlaces?.[slot.groupPlace.group]?.[slot.groupPlace.place - 1];
  return winnerOf(bracket, slot.winnerOf, results);
}

/** The winner of a match so far: its recorded winner, or the team a bye lets through; undefined while undecided. */
export function winnerOf(bracket: Bracket, matchId: string, results: BracketResults): string | undefined {
  const recorded = results.winners?.[matchId];
  if (recorded !== undefined) return recorded;
  const match = findMatch(bracket, matchId);
  if (!isByeMatch(match)) return undefined;
  return teamInSlot(bracket, 'bye' in match.home ? match.away : match.home, results);
}

/** The teams of a match as far as the results so far tell (a side stays undefined until its feeder is decided). */
export function teamsOf(bracket: Bracket, matchId: string, results: BracketResults = {}): { home?: string; away?: string } {
  const match = findMatch(bracket, matchId);
  const home = teamInSlot(bracket, match.home, results);
  const away = teamInSlot(bracket, match.away, results);
  return { ...(home === undefined ? {} : { home }), ...(away === undefined ? {} : { away }) };
}

/** Where a match's winner goes next: the slot to fill, or, after the final, the champion. */
export function advance(
  bracket: Bracket,
  matchId: string,
  winnerTeamId: string,
): { matchId: string; slot: SlotSide; team: string } | { champion: string } {
  const { next } = findMatch(bracket, matchId);
  return next ? { matchId: next.matchId, slot: next.slot, team: winnerTeamId } : { champion: winnerTeamId };
}
