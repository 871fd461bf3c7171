import { WIN_MULTIPLIER } from '#shared/constants.ts';
import type { BetHistoryItem } from '#shared/api.ts';

export interface BetOutcome {
  tone: 'won' | 'lost' | 'pending' | 'refunded';
  sign: '+' | '-' | '';
  amount: number;
}

/**
 * Spec §4: won shows +1.5x the stake in green, lost -stake in red, undecided the stake in blue.
 * A voided event's bet was refunded: the stake came back, so it shows neutral with no sign.
 */
export function betOutcome(bet: Pick<BetHistoryItem, 'amount' | 'isOver' | 'isWin' | 'isRefunded'>): BetOutcome {
  if (!bet.isOver) return { tone: 'pending', sign: '', amount: bet.amount };
  if (bet.isRefunded) return { tone: 'refunded', sign: '', amount: bet.amount };
  if (bet.isWin) return { tone: 'won', sign: '+', amount: Math.floor(bet.amount * WIN_MULTIPLIER) };
  return { tone: 'lost', sign: '-', amount: bet.amount };
}

/** How the bet's match ended, in a few words beside it: 'Final score 2–1', 'Draw 1–1', 'Walkover: not played'. */
export function matchEnding(result: BetHistoryItem['result']): string | null {
  const score = result?.score && `${result.score.home}–${result.score.away}`;
  switch (result?.kind) {
    case 'won':
      return score ? `Final score ${score}` : null;
    case 'draw':
      return score ? `Draw ${score}` : 'Draw';
    case 'walkover':
      return 'Walkover: not played';
    case 'abandoned':
      return 'Abandoned';
    default:
      return null;
  }
}
