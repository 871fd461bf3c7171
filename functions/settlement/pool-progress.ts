// The tournament-winner pool following the results: after each settlement or correction of a tournament's
// match, the teams knocked out and the champion are read again from the tournament's shape and written to
// the pool (never from the result alone, so a correction that changes who went through, or who lifted the
// cup, moves the pool the same way). A new champion (or none any more) asks for a share of its version.
import { getEvent } from '#functions/data/events.ts';
import * as pools from '#functions/data/pools.ts';
import { tournamentShape } from '#functions/catalog/engine/tournament-shape.ts';
import { poolStanding } from './pool-standing.ts';
import { queuePoolShare } from './settlement-queue.ts';

const sameList = (a: readonly string[] | undefined, b: readonly string[]) => (a ?? []).join() === b.join();

/** Brings the tournament's pool up to its results (none: nothing to do); asks for its share when the champion changed. */
export async function followResults(tournamentId: string): Promise<void> {
  for (;;) {
    const pool = await pools.getPool(tournamentId, true);
    if (!pool || pool.calledOff) return;
    const { out, champions } = poolStanding(await tournamentShape(tournamentId), pool.teamIds);
    const championChanged = !sameList(pool.championIds, champions);
    if (!championChanged && sameList(pool.outTeamIds, out)) {
      // A share asked for and not done (its message lost): ask again; the share itself is idempotent.
      if (pool.shareVersion > 0 && pool.sharedVersion !== pool.shareVersion) await queuePoolShare(tournamentId, pool.closedAt);
      return;
    }
    const closedAt = pool.closedAt ?? new Date().toISOString();
    const fields = championChanged
      ? { outTeamIds: out, championIds: champions.length > 0 ? champions : undefined, shareVersion: pool.shareVersion + 1, closedAt }
      : { outTeamIds: out };
    if (await pools.updatePool(pool, fields)) {
      if (championChanged) await queuePoolShare(tournamentId, closedAt);
      return;
    }
    // Another result's settlement (or the organiser) moved the pool meanwhile: read again.
  }
}

/** The pool of the event's tournament follows its result (a tournament with no pool: nothing). */
export async function poolFollowsResult(eventId: string): Promise<void> {
  const event = await getEvent(eventId);
  if (event) await followResults(event.tournamentId);
}
