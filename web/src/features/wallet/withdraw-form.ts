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
