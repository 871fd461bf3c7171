// The organiser's say over the cup pool: when it closes, closing it now, or calling it off (every stake
// back). Once the champion is known or it was called off, nothing changes it any more.
import type { TournamentPool } from '#shared/api.ts';
import type { PoolSettingsInput } from '#shared/schemas.ts';
import { DomainError } from '#functions/platform/errors.ts';
import * as pools from '#functions/data/pools.ts';
import { type Actor, authoriseTournament } from '#functions/catalog/organisers.ts';
import { queuePoolShare } from '#functions/settlement/settlement-queue.ts';
import { isPoolOpen } from './pool-rules.ts';
import { readPoolWithClose, tournamentPool } from './pool-view.ts';

/** Attempts at a change that lost the pool's item to another change (a result's, say) before giving up. */
const ATTEMPTS = 5;

export async function changePool(tournamentId: string, input: PoolSettingsInput, actor: Actor, now = new Date()): Promise<TournamentPool> {
  await authoriseTournament(actor, tournamentId);
  for (let attempt = 1; ; attempt++) {
    const { pool, closingMatch } = await readPoolWithClose(tournamentId, true);
    if (!pool) throw new DomainError('pool-not-found');
    if (pool.championIds || pool.calledOff) throw new DomainError('pool-decided');
    const open = isPoolOpen(pool, closingMatch, now);
    let fields: Parameters<typeof pools.updatePool>[1];
    if (input.callOff) fields = { calledOff: true, closedAt: pool.closedAt ?? now.toISOString(), shareVersion: pool.shareVersion + 1 };
    else if (input.closeNow) {
      if (!open) return tournamentPool(tournamentId, now);
      fields = { closedAt: now.toISOString() };
    } else {
      if (!open) throw new DomainError('pool-closed');
      if (input.closesAt && Date.parse(input.closesAt) <= now.getTime()) throw new DomainError('pool-close-in-past');
      fields = { closesAt: input.closesAt ?? undefined };
    }
    if (await pools.updatePool(pool, fields)) {
      if (input.callOff) await queuePoolShare(tournamentId, fields.closedAt);
      return tournamentPool(tournamentId, now);
    }
    if (attempt >= ATTEMPTS) throw new DomainError('settings-busy');
  }
}
