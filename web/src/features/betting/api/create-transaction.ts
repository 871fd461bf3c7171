// POST /bet/create-transaction: records the bet as paid and gives it a transaction id.
import type { BetTransaction } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const createTransaction = (betId: string) => apiClient.post<BetTransaction>('/bet/create-transaction', { betId, isPaid: true });
