// POST /admin/users/{id}/prizes/{creditId}/reversal: a prize credited by mistake taken back, with the reason.
import type { PrizeReversal } from '#shared/api.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const reversePrize = (userId: string, creditId: string, reason: string) =>
  apiClient.post<PrizeReversal>(`/admin/users/${encodeURIComponent(userId)}/prizes/${encodeURIComponent(creditId)}/reversal`, { reason });
