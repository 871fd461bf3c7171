// A bettor's streak: their run of correct match picks, derived from their settled bets, never stored.
// Bets count in the order they were settled: a won bet extends the run, a lost one ends it, a refunded
// one (a draw, a walkover, a void, teams changed) is skipped. A corrected result needs nothing extra:
// the correction moves the bet's status, and the streak read next follows it.

export interface StreakBet {
  status: string;
  settledAt?: string;
}

export interface Streak {
  /** The run still going: the won bets since the last lost one. */
  current: number;
  /** The longest run ever. */
  best: number;
}

/** The current and best runs of won bets among `bets` (pending and unsettled ones are ignored). */
export function streakOf(bets: readonly StreakBet[]): Streak {
  const settled = bets
    .filter((bet): bet is StreakBet & { settledAt: string } => (bet.status === 'won' || bet.status === 'lost') && bet.settledAt !== undefined)
    .sort((a, b) => a.settledAt.localeCompare(b.settledAt));
  let current = 0;
  let best = 0;
  for (const bet of settled) {
    current = bet.status === 'won' ? current + 1 : 0;
    best = Math.max(best, current);
  }
  return { current, best };
}
