// The cup pools' part of the operators' audit (money-audit.ts checkItems calls it): every stake has its
// stake entry; one refunded as it arrived has its refund and nothing else; what a stake's share entries add
// up to is what it was paid, and its write-offs less their repayments are the debt it records; and once a
// pool's share is done, every stake it took is on that share and paid exactly what shared/pool-shares.ts
// gives it: the pool conserved to the coin (or every stake back).
import type { Item } from '#functions/platform/dynamodb.ts';
import type { LedgerEntry } from '#functions/data/ledger.ts';
import type { PoolRecord, StakeRecord } from '#functions/data/pools.ts';
import { sharePool } from '#shared/pool-shares.ts';

const sumOf = (entries: LedgerEntry[]) => entries.reduce((sum, entry) => sum + entry.coins, 0);

/** The pools' problems among these items, one line each. */
export function checkPools(items: Item[], ledger: LedgerEntry[]): string[] {
  const problems: string[] = [];
  const stakes = items.filter((item) => item.entity === 'pool-stake') as unknown as StakeRecord[];
  const pools = items.filter((item) => item.entity === 'pool') as unknown as PoolRecord[];
  const entriesOf = (stake: StakeRecord, prefix: string) =>
    ledger.filter((entry) => entry.userId === stake.userId && entry.entryId.startsWith(`${prefix}#${stake.tournamentId}#${stake.teamId}`));

  for (const stake of stakes) {
    const name = `stake of ${stake.userId} on ${stake.teamId} in pool ${stake.tournamentId}`;
    const staked = entriesOf(stake, 'pool-stake').filter((entry) => entry.kind === 'pool-stake');
    if (staked.length !== 1 || staked[0].coins !== -stake.amount) problems.push(`${name}: stake entry ${staked.map((e) => e.coins).join(',') || 'none'}, expected -${stake.amount}`);
    const arrivalRefund = entriesOf(stake, 'pool-stake-refund');
    const shares = entriesOf(stake, 'pool-share');
    const refundedAsItArrived = stake.status === 'refunded' && stake.shareVersion === undefined;
    if (refundedAsItArrived) {
      if (sumOf(arrivalRefund) !== stake.amount || shares.length > 0) problems.push(`${name}: refunded as it arrived, entries ${sumOf(arrivalRefund)} back and ${shares.length} shares`);
      if (stake.acceptedAt) problems.push(`${name}: accepted, then refunded as it arrived`);
      continue;
    }
    if (arrivalRefund.length > 0) problems.push(`${name}: an arrival refund, yet ${stake.status}`);
    if (sumOf(shares) !== (stake.payout ?? 0)) problems.push(`${name}: paid ${stake.payout ?? 0}, its share entries add up to ${sumOf(shares)}`);
    const debt = sumOf(entriesOf(stake, 'pool-write-off')) + sumOf(entriesOf(stake, 'pool-write-off-repayment'));
    if (debt !== (stake.writtenOff ?? 0)) problems.push(`${name}: written off ${stake.writtenOff ?? 0}, its write-offs less repayments ${debt}`);
    if (stake.status === 'won' || stake.status === 'lost' || (stake.status === 'refunded' && stake.acceptedAt)) {
      if (!stake.acceptedAt) problems.push(`${name}: ${stake.status} but never accepted`);
    }
  }

  for (const pool of pools) {
    if (pool.shareVersion === 0 || pool.sharedVersion !== pool.shareVersion) continue;
    const ofPool = stakes.filter((stake) => stake.tournamentId === pool.tournamentId);
    const taken = ofPool.filter((stake) => stake.acceptedAt);
    const lines = taken.map((stake) => ({ id: `${stake.userId}#${stake.teamId}`, teamId: stake.teamId, amount: stake.amount, createdAt: stake.createdAt }));
    const champions = pool.calledOff ? [] : (pool.championIds ?? []);
    const waiting = !pool.calledOff && champions.length === 0;
    const payouts = waiting ? new Map(lines.map((line) => [line.id, 0])) : sharePool(lines, champions);
    for (const stake of ofPool) {
      const name = `stake of ${stake.userId} on ${stake.teamId} in pool ${pool.tournamentId}`;
      if (stake.status === 'pending') problems.push(`${name}: pending after the share`);
      if (!stake.acceptedAt) continue;
      if (stake.shareVersion !== pool.shareVersion) problems.push(`${name}: on share ${stake.shareVersion ?? 'none'}, the pool's is ${pool.shareVersion}`);
      const expected = payouts.get(`${stake.userId}#${stake.teamId}`);
      if (stake.payout !== expected) problems.push(`${name}: paid ${stake.payout}, the share gives ${expected}`);
    }
    const paid = taken.reduce((sum, stake) => sum + (stake.payout ?? 0), 0);
    const pooled = taken.reduce((sum, stake) => sum + stake.amount, 0);
    if (!waiting && paid !== pooled) problems.push(`pool ${pool.tournamentId}: ${paid} paid out of a pool of ${pooled}`);
  }
  return problems;
}
