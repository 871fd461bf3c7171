// What a match card says of how the viewer's groups backed it: 'In Hostel 4: 7 on Tapti, 3 on Ganga' and,
// once decided, 'Backed Tapti: Asha, Ravi and 5 more'.
import type { GroupPicks } from '#shared/api.ts';
import { formatCount } from '../../lib/format-number.ts';

/** '7 on Tapti, 3 on Ganga': the sides the group's members backed, home first. */
export const sidesText = (picks: Pick<GroupPicks, 'split'>) =>
  picks.split
    .filter((side) => side.bettors > 0)
    .map((side) => `${formatCount(side.bettors)} on ${side.teamName}`)
    .join(', ');

/** 'Asha', 'Asha and Ravi', 'Asha, Kiran and Ravi', 'Asha, Ravi and 5 more'; '2 members' when no name is left to show. */
export function namesText(names: readonly string[], more: number): string {
  if (names.length === 0) return `${formatCount(more)} ${more === 1 ? 'member' : 'members'}`;
  const parts = more > 0 ? [...names, `${formatCount(more)} more`] : names;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** How the match ended for the group: who backed the winner, or that the stakes came back; nothing before a result. */
export function outcomeText(picks: GroupPicks): string | undefined {
  if (picks.stakesReturned) return 'No winners: every stake came back';
  if (!picks.winnerTeamId || !picks.winners) return undefined;
  const winner = picks.split.find((side) => side.teamId === picks.winnerTeamId)?.teamName ?? 'the winner';
  const { names, more } = picks.winners;
  return names.length + more === 0 ? `Nobody here backed ${winner}` : `Backed ${winner}: ${namesText(names, more)}`;
}
