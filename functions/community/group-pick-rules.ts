// How a group backed a match, from its members' bets, with no I/O: the split by team and, once the match
// is decided, who backed the winner (docs/architecture.md "Friends' picks").
import type { GroupPicks } from '#shared/api.ts';
import { GROUP_PICKS_NAMES_SHOWN } from '#shared/constants.ts';
import { isOffLineup } from '#shared/match-bets.ts';
import { stakesReturned } from '#shared/match-results.ts';

export interface PickedMatch {
  id: string;
  /** Home, then away. */
  teamIds: readonly string[];
  lineupVersion?: number;
  winnerTeamId?: string;
  isVoid?: boolean;
  isDraw?: boolean;
  walkover?: boolean;
}

export interface MemberBet {
  userId: string;
  teamId: string;
  eventVersion?: number;
}

/** A bet is a pick while it is on the match's teams (one off its lineup is refunded whatever the outcome). */
export const isPick = (match: PickedMatch, bet: MemberBet) => !isOffLineup(match, bet);

/** The first names, by name, and how many more: all of them up to GROUP_PICKS_NAMES_SHOWN, else one fewer and 'N more'. */
export function namedFew(names: readonly string[]): { names: string[]; more: number } {
  const sorted = [...names].sort((a, b) => a.localeCompare(b));
  const shown = sorted.length <= GROUP_PICKS_NAMES_SHOWN ? sorted : sorted.slice(0, GROUP_PICKS_NAMES_SHOWN - 1);
  return { names: shown, more: sorted.length - shown.length };
}

/**
 * The group's picks on the match, from its members' bets on it (any others are ignored), or undefined
 * when no member has a pick on it. Names of accounts gone are left out of the winners' names but counted.
 */
export function groupPicksOf(
  match: PickedMatch,
  group: { id: string; name: string },
  memberBets: readonly MemberBet[],
  names: ReadonlyMap<string, string>,
  teamNames: ReadonlyMap<string, string>,
): GroupPicks | undefined {
  const picks = memberBets.filter((bet) => isPick(match, bet));
  if (picks.length === 0) return undefined;
  const split = match.teamIds.map((teamId) => ({ teamId, teamName: teamNames.get(teamId) ?? '', bettors: picks.filter((bet) => bet.teamId === teamId).length }));
  const answer: GroupPicks = { eventId: match.id, groupId: group.id, groupName: group.name, split };
  if (stakesReturned(match)) return { ...answer, stakesReturned: true };
  if (match.winnerTeamId === undefined) return answer;
  const backers = picks.filter((bet) => bet.teamId === match.winnerTeamId);
  const { names: shown, more } = namedFew(backers.flatMap((bet) => names.get(bet.userId) ?? []));
  return { ...answer, winnerTeamId: match.winnerTeamId, winners: { names: shown, more: more + backers.filter((bet) => !names.has(bet.userId)).length } };
}
