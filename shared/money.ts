// Cash is paise (integers) on the server and rupees on screen and in the API.
import { PAISE_PER_RUPEE } from '#shared/constants.ts';

/** Rupees with at most two decimals (the schemas check that) to whole paise. */
export const rupeesToPaise = (rupees: number) => Math.round(rupees * PAISE_PER_RUPEE);

export const paiseToRupees = (paise: number) => paise / PAISE_PER_RUPEE;

/** Rupees for a sentence: '₹100', '₹100.50'. */
export function formatRupees(paise: number): string {
  const rupees = paiseToRupees(paise);
  return `₹${Number.isInteger(rupees) ? rupees : rupees.toFixed(2)}`;
}
