// The withdraw screen's client checks (spec §5); the server checks the same and the balance.
import { UPI_ID_PATTERN, WITHDRAW_MIN_RUPEES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';

export interface FormProblem {
  variant: 'warning' | 'error';
  message: string;
}

/** A UPI id (handle@provider), ignoring surrounding spaces. */
export const isValidUpiId = (upiId: string) => UPI_ID_PATTERN.test(upiId.trim());

/** The first problem of a withdrawal request, or null: the amount first, then the UPI id. */
export function withdrawProblem(amount: number, upiId: string): FormProblem | null {
  if (!Number.isFinite(amount) || amount < WITHDRAW_MIN_RUPEES) return { variant: 'warning', message: MSG.minWithdraw };
  if (!isValidUpiId(upiId)) return { variant: 'error', message: MSG.invalidUpi };
  return null;
}

/**
 * The most that can be withdrawn (all the cash), and why nothing can when the cash is under the minimum
 * withdrawal: the page then says so and disables the button instead of letting the request fail.
 */
export function withdrawLimit(totalCash: number): { max: number; blockedBecause: string | null } {
  if (totalCash >= WITHDRAW_MIN_RUPEES) return { max: totalCash, blockedBecause: null };
  return { max: 0, blockedBecause: `Withdrawals start at ${WITHDRAW_MIN_RUPEES} rupees of cash prizes. Win a prize to withdraw it.` };
}
