// POST /admin/users/{id}/credit: a prize in rupees and/or coins, with the reason the user is told.
import type { PrizeCredit } from '#shared/api.ts';
import type { CreditInput } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

/** `creditId` makes a retried request (a double tap, a lost answer) credit once. */
export const creditUser = (userId: string, credit: CreditInput) =>
  apiClient.post<PrizeCredit>(`/admin/users/${encodeURIComponent(userId)}/credit`, credit);
