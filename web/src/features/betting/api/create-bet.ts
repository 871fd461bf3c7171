// POST /bet/create-new: places a bet; the coins are debited at once.
import type { BetCreated, BetWay } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export interface NewBet {
  teamId: string;
  eventId: string;
  betWay: BetWay;
  amount: number;
}

export const createBet = (bet: NewBet) => apiClient.post<BetCreated>('/bet/create-new', bet);
