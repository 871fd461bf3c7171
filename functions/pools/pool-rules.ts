// The tournament-winner pool's rules with no I/O: when it takes stakes, and how it stands.
import type { PoolStatus } from '#shared/api.ts';
import type { PoolRecord } from '#functions/data/pools.ts';

/** What the pool's close reads of the match it follows by default. */
export interface ClosingMatch {
  time: string;
}

/** When the pool stops taking stakes: the organiser's time, else the start of the match it follows (undefined: neither known). */
export function closeTimeOf(pool: PoolRecord, closingMatch: ClosingMatch | undefined): string | undefined {
  return pool.closesAt ?? closingMatch?.time;
}

/** Whether it takes stakes now: not closed, called off or decided, and before its close time. */
export function isPoolOpen(pool: PoolRecord, closingMatch: ClosingMatch | undefined, now: Date): boolean {
  if (pool.closedAt || pool.calledOff || pool.championIds) return false;
  const closesAt = closeTimeOf(pool, closingMatch);
  return closesAt === undefined || now.getTime() < Date.parse(closesAt);
}

/** Whether a stake on this team may be taken (the pool open aside): one of its teams, not knocked out. */
export function teamProblem(pool: PoolRecord, teamId: string): 'pool-team-not-in' | 'pool-team-out' | undefined {
  if (!pool.teamIds.includes(teamId)) return 'pool-team-not-in';
  if (pool.outTeamIds?.includes(teamId)) return 'pool-team-out';
  return undefined;
}

/** How it stands: open, closed and waiting, shared among the champion's backers, or every stake back. */
export function poolStatusOf(pool: PoolRecord, closingMatch: ClosingMatch | undefined, championCoins: number, now: Date): PoolStatus {
  if (pool.calledOff) return 'refunded';
  if (pool.championIds) return championCoins > 0 ? 'shared' : 'refunded';
  return isPoolOpen(pool, closingMatch, now) ? 'open' : 'closed';
}
