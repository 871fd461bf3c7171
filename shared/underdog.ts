// The underdog bonus: a won match bet on a side fewer than UNDERDOG_SHARE of the match's bettors backed
// pays UNDERDOG_BONUS_COINS on top of its payout. The split is the one counted when the match's result
// first settled (the event's `backersAtResult`), so a retried or corrected settlement pays the same.
// Pure: the settlement, its corrections, the audit and the bet screen's wording all use it.
import { UNDERDOG_BONUS_COINS, UNDERDOG_SHARE } from './constants.ts';

/** Accepted bets per team id, as counted when the result first settled. */
export type BackerSplit = Readonly<Record<string, number>>;

/** Whether a side `backersOfTeam` of `totalBackers` bettors backed is the underdog: some bettors, and fewer than UNDERDOG_SHARE of them on it. */
export const isUnderdog = (backersOfTeam: number, totalBackers: number): boolean => totalBackers > 0 && backersOfTeam / totalBackers < UNDERDOG_SHARE;

/**
 * The bonus a won bet on `teamId` earns under `split` (0 when it was not the underdog). No split recorded
 * (an event settled before the bonus existed): no bonus, ever, so its corrections move none either.
 */
export function underdogBonus(split: BackerSplit | undefined, teamId: string): number {
  if (!split) return 0;
  const total = Object.values(split).reduce((sum, count) => sum + count, 0);
  return isUnderdog(split[teamId] ?? 0, total) ? UNDERDOG_BONUS_COINS : 0;
}

/** The bet screen's and the terms' one line: the rule with its numbers. */
export const UNDERDOG_RULE_TEXT = `Back a side fewer than ${Math.round(UNDERDOG_SHARE * 100)}% of bettors pick and win: +${UNDERDOG_BONUS_COINS} coins bonus`;
