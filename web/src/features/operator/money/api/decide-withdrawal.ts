// PATCH /admin/withdrawals/{id}: paid (with the UPI payment reference) or rejected (with a reason; refunds).
import type { AdminWithdrawal } from '#shared/api.ts';
import type { WithdrawalDecision } from '#shared/schemas.ts';
import { apiClient } from '../../../../lib/api-client.ts';

export const decideWithdrawal = (id: string, decision: WithdrawalDecision) =>
  apiClient.patch<AdminWithdrawal>(`/admin/withdrawals/${encodeURIComponent(id)}`, decision);
