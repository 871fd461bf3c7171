// The create-bet screen's pure rules: which queries are valid, the default amount, the minimum check.
import type { BetWay } from '#shared/api.ts';
import { BET_MIN_CHECK, BET_WAYS, CASH_BET_MIN_RUPEES, COIN_BET_MIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
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
