// POST /wallet/create-withdraw: asks for a UPI payout of cash (rupees); the amount is debited at once.
import type { Withdrawal } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const createWithdraw = (amount: number, upiId: string) => apiClient.post<Withdrawal>('/wallet/create-withdraw', { amount, upiId });
