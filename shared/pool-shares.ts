// The tournament-winner pool's arithmetic (docs/architecture.md "The tournament-winner pool"): every stake
// goes into one pool, and once the champion is known the pool is shared among the stakes on the champion
// in proportion to their size, in whole coins. The house takes nothing: if nobody backed the champion, or
// the pool is called off, every stake comes back. Pure, so the functions share a pool and the app shows
// its odds by the same rule.

/** One stake as the share reads it. */
export interface PoolStakeLine {
  /** Unique within the pool (the bettor and the team). */
  id: string;
  teamId: string;
  amount: number;
  createdAt: string;
}

/**
 * What each stake is paid, by stake id: the whole pool shared among the stakes on `championIds` in
 * proportion to their size, rounded down; the coins the rounding leaves go to the largest of those
 * stakes (the earliest of equal ones), so the payouts add up to the pool exactly. With no champion (a
 * pool called off) or no stake on one, each stake is paid back its own amount.
 */
export function sharePool(stakes: readonly PoolStakeLine[], championIds: readonly string[]): Map<string, number> {
  const champions = new Set(championIds);
  const winning = stakes.filter((stake) => champions.has(stake.teamId));
  const backed = winning.reduce((sum, stake) => sum + stake.amount, 0);
  if (backed === 0) return new Map(stakes.map((stake) => [stake.id, stake.amount]));
  const total = stakes.reduce((sum, stake) => sum + stake.amount, 0);
  const payouts = new Map(stakes.map((stake) => [stake.id, 0]));
  let paid = 0;
  for (const stake of winning) {
    // Exact in integers: total * amount stays far below 2^53 for any pool of play money.
    const share = Math.floor((total * stake.amount) / backed);
    payouts.set(stake.id, share);
    paid += share;
  }
  const largest = [...winning].sort((a, b) => b.amount - a.amount || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
  payouts.set(largest.id, payouts.get(largest.id)! + total - paid);
  return payouts;
}

/** What one coin staked on a team pays now, if it won: the pool over the stakes on it (null while none). */
export function coinPays(poolTotal: number, onTeam: number): number | null {
  return onTeam > 0 ? poolTotal / onTeam : null;
}

/**
 * What `amount` staked on a team now would pay if it lifts the cup, were no other stake to come: its part
 * of the pool it joins, rounded down as the share is (null for no positive whole amount).
 */
export function wouldPay(total: number, onTeam: number, amount: number): number | null {
  if (!Number.isInteger(amount) || amount <= 0) return null;
  return Math.floor(((total + amount) * amount) / (onTeam + amount));
}

/** The odds as the app shows them: '1 coin pays 3.4'. */
export function coinPaysText(pays: number | null): string {
  if (pays === null) return 'No stakes yet';
  return `1 coin pays ${pays >= 100 ? Math.round(pays) : Math.floor(pays * 10) / 10}`;
}
