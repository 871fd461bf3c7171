// The tournament-winner pool as everyone sees it (its crowd odds, who is out, the champion), and a
// group's champion picks once it closed. Nobody's pick shows before the close: the pool's page shows
// only totals until then.
import type { GroupPoolPicks, PoolTeam, TournamentPool } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { coinPays } from '#shared/pool-shares.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { DomainError } from '#functions/platform/errors.ts';
import * as events from '#functions/data/events.ts';
import * as groups from '#functions/data/groups.ts';
import { getPoolTotals } from '#functions/data/pool-totals.ts';
import * as pools from '#functions/data/pools.ts';
import * as teams from '#functions/data/teams.ts';
import * as users from '#functions/data/users.ts';
import { publicTeam } from '#functions/catalog/listings.ts';
import { closeTimeOf, isPoolOpen, poolStatusOf } from './pool-rules.ts';

/** The pool with the match that closes it by default (undefined when the tournament has none). */
export async function readPoolWithClose(tournamentId: string, consistent = false) {
  const pool = await pools.getPool(tournamentId, consistent);
  const closingMatch = pool?.closesWithEventId ? await events.getEvent(pool.closesWithEventId, consistent) : undefined;
  return { pool, closingMatch };
}

export async function tournamentPool(tournamentId: string, now = new Date()): Promise<TournamentPool> {
  const [{ pool, closingMatch }, totals] = await Promise.all([readPoolWithClose(tournamentId), getPoolTotals(tournamentId)]);
  if (!pool) throw new DomainError('pool-not-found');
  const teamsById = await teams.getTeams(pool.teamIds);
  const total = [...totals.values()].reduce((sum, team) => sum + team.coins, 0);
  const out = new Set(pool.outTeamIds ?? []);
  const rows: PoolTeam[] = pool.teamIds.flatMap((id) => {
    const team = teamsById.get(id);
    if (!team) return [];
    const { coins, stakes } = totals.get(id) ?? { coins: 0, stakes: 0 };
    return [{ team: publicTeam(team), coins, backers: stakes, share: total > 0 ? coins / total : 0, pays: coinPays(total, coins), out: out.has(id) }];
  });
  rows.sort((a, b) => b.coins - a.coins || a.team.teamName.localeCompare(b.team.teamName));
  const championIds = new Set(pool.championIds ?? []);
  const champions = rows.filter((row) => championIds.has(row.team._id));
  const championCoins = champions.reduce((sum, row) => sum + row.coins, 0);
  const status = poolStatusOf(pool, closingMatch, championCoins, now);
  const closesAt = closeTimeOf(pool, closingMatch) ?? pool.closedAt ?? now.toISOString();
  return {
    tournamentId,
    title: MSG.poolTitle,
    status,
    closesAt: pool.closedAt && pool.closedAt < closesAt ? pool.closedAt : closesAt,
    closesAtSetByOrganiser: pool.closesAt !== undefined,
    total,
    backers: rows.reduce((sum, row) => sum + row.backers, 0),
    teams: rows,
    champions: champions.map((row) => row.team),
    ...(status === 'shared' && { championBackers: champions.reduce((sum, row) => sum + row.backers, 0) }),
  };
}

/** Members' stakes read at once (one Query each; a group has at most GROUP_MAX_MEMBERS). */
const MEMBER_READS_AT_ONCE = 16;

/**
 * Each of the caller's groups' champion picks, by team, once the pool no longer takes stakes ([] while
 * it does: picks made before the close are never shown, so nobody copies or counters them).
 */
export async function groupPoolPicks(userId: string, tournamentId: string, now = new Date()): Promise<GroupPoolPicks[]> {
  const { pool, closingMatch } = await readPoolWithClose(tournamentId, true);
  if (!pool) throw new DomainError('pool-not-found');
  if (isPoolOpen(pool, closingMatch, now)) return [];
  const mine = await groups.getGroups(await groups.listUserGroupIds(userId));
  const memberIds = new Map<string, string[]>();
  for (const group of mine.values()) memberIds.set(group.id, (await groups.listMembers(group.id)).map((member) => member.userId));
  const everyone = [...new Set([...memberIds.values()].flat())];
  const stakesOf = new Map<string, pools.StakeRecord[]>();
  await forEachLimit(everyone, MEMBER_READS_AT_ONCE, async (id) => {
    // Only stakes the pool took: not one refunded as the pool closed under it.
    stakesOf.set(id, (await pools.listUserStakes(id, tournamentId)).filter((stake) => stake.acceptedAt));
  });
  const names = await users.getUsers(everyone.filter((id) => (stakesOf.get(id) ?? []).length > 0));
  const answer: GroupPoolPicks[] = [];
  for (const group of [...mine.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const byTeam = new Map<string, { teamId: string; teamName: string; names: string[] }>();
    for (const id of memberIds.get(group.id) ?? []) {
      for (const stake of stakesOf.get(id) ?? []) {
        const entry = byTeam.get(stake.teamId) ?? { teamId: stake.teamId, teamName: stake.teamName, names: [] };
        entry.names.push(names.get(id)?.userName ?? 'A member');
        byTeam.set(stake.teamId, entry);
      }
    }
    if (byTeam.size === 0) continue;
    const picks = [...byTeam.values()].map((pick) => ({ ...pick, names: pick.names.sort((a, b) => a.localeCompare(b)) }));
    answer.push({ groupId: group.id, groupName: group.name, picks: picks.sort((a, b) => b.names.length - a.names.length || a.teamName.localeCompare(b.teamName)) });
  }
  return answer;
}
