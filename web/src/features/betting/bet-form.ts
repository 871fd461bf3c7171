// The create-bet screen's pure rules: which queries are valid, the default amount, the minimum check, the
// quick amounts, what a stake pays if it wins and which refusals are about the amount.
import type { BetWay } from '#shared/api.ts';
import { BET_MIN_CHECK, BET_WAYS, CASH_BET_MIN_RUPEES, COIN_BET_MAX, COIN_BET_MIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { payoutFor } from '#shared/payout.ts';
import type { CreateBetQuery } from '../../lib/paths.ts';

const isBetWay = (mode: string | null): mode is BetWay => BET_WAYS.some((way) => way === mode);

/** The spec's create-bet query, or null when the mode is not cash or coin or an id or the team is missing. */
export function parseCreateBetQuery(params: URLSearchParams): CreateBetQuery | null {
  const mode = params.get('mode');
  const teamId = params.get('teamId')?.trim();
  const eventId = params.get('eventId')?.trim();
  const team = params.get('team')?.trim();
  if (!isBetWay(mode) || !teamId || !eventId || !team) return null;
  return { mode, teamId, eventId, team };
}

/** Default amounts of the spec §5: coin 50, cash 10. */
export const defaultBetAmount = (mode: BetWay) => (mode === 'coin' ? COIN_BET_MIN : CASH_BET_MIN_RUPEES);

/** The client-side check (the same for both modes, spec §5); the server enforces the real limits. */
export function betAmountProblem(amount: number): string | null {
  return Number.isFinite(amount) && amount >= BET_MIN_CHECK ? null : MSG.minBet;
}

/** The quick amounts the bet screen offers, each one the bettor can stake now. */
export const QUICK_AMOUNTS = [100, 250, 500] as const;

/**
 * The quick coin amounts for a bettor with `available` coins: those of QUICK_AMOUNTS below the most
 * allowed, then the most allowed itself (the coins they have, at most COIN_BET_MAX); none while they
 * cannot place the smallest bet.
 */
export function quickAmounts(available: number): { amounts: number[]; most: number | null } {
  const most = Math.min(COIN_BET_MAX, Math.floor(available));
  if (!(most >= COIN_BET_MIN)) return { amounts: [], most: null };
  return { amounts: QUICK_AMOUNTS.filter((amount) => amount < most), most };
}

/** What the typed stake pays if its team wins (1.5x, whole coins), or null while it is not a positive whole number. */
export function winningsFor(amountText: string): number | null {
  const amount = Number(amountText);
  return amountText.trim() !== '' && Number.isInteger(amount) && amount > 0 ? payoutFor(amount) : null;
}

/** The refusals that are about the amount itself: shown next to the field as well as in the toast. */
const AMOUNT_MESSAGES: readonly string[] = [MSG.minBet, MSG.betAmountNotNumber, MSG.betAmountNotWhole, MSG.betAmountOutOfRange, MSG.notEnoughCoins];

export const isAmountProblem = (message: string) => AMOUNT_MESSAGES.includes(message);
