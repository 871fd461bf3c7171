// Friends' picks: how the caller's groups backed the matches of a list of cards, for the matches whose
// betting has closed (started or decided: betsArePublic). A match still open is left out before any of its
// bets is read (docs/architecture.md "Friends' picks").
import type { GroupPicks } from '#shared/api.ts';
import { betsArePublic } from '#shared/match-bets.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import * as groups from '#functions/data/groups.ts';
import { getTeams } from '#functions/data/teams.ts';
import { getUsers } from '#functions/data/users.ts';
import { groupPicksOf } from './group-pick-rules.ts';

/** Matches whose members' bets are read at once (a BatchGet of every member's bet on one match each). */
const MATCH_READS_AT_ONCE = 8;

/**
 * For each of these matches whose betting has closed, each of the caller's groups with a member's pick on
 * it, in the order of the ids asked, then by group name. The events are read consistently: a match an
 * organiser just postponed past its start time is not taken for started.
 */
export async function groupPicks(userId: string, eventIds: readonly string[], now = new Date()): Promise<GroupPicks[]> {
  const [found, groupIds] = await Promise.all([events.getEvents([...eventIds], true), groups.listUserGroupIds(userId)]);
  const closed = eventIds.flatMap((id) => {
    const event = found.get(id);
    return event && events.hasBothTeams(event) && betsArePublic(event, now) ? [event] : [];
  });
  if (closed.length === 0 || groupIds.length === 0) return [];

  const [groupsById, memberLists] = await Promise.all([groups.getGroups(groupIds), Promise.all(groupIds.map((id) => groups.listMembers(id)))]);
  const memberIds = [...new Set(memberLists.flat().map((member) => member.userId))];
  const betsByEvent = new Map<string, bets.BetRecord[]>();
  await forEachLimit(closed, MATCH_READS_AT_ONCE, async (event) => {
    betsByEvent.set(event.id, await bets.getBets(memberIds.map((memberId) => ({ userId: memberId, eventId: event.id }))));
  });
  const bettorIds = [...new Set([...betsByEvent.values()].flat().map((bet) => bet.userId))];
  const [users, teams] = await Promise.all([getUsers(bettorIds), getTeams([...new Set(closed.flatMap((event) => event.teamIds))])]);
  const names = new Map([...users].map(([id, user]) => [id, user.userName]));
  const teamNames = new Map([...teams].map(([id, team]) => [id, team.teamName]));

  const memberGroups = groupIds
    .flatMap((id, i) => {
      const group = groupsById.get(id);
      return group ? [{ group, members: new Set(memberLists[i].map((member) => member.userId)) }] : [];
    })
    .sort((a, b) => a.group.name.localeCompare(b.group.name));
  return closed.flatMap((event) => {
    const eventBets = betsByEvent.get(event.id) ?? [];
    return memberGroups.flatMap(({ group, members }) => groupPicksOf(event, group, eventBets.filter((bet) => members.has(bet.userId)), names, teamNames) ?? []);
  });
}
