// GET /wallet/get-wallet: coins, cash (rupees) and earnings. In lib because the wallet, withdraw and
// create-bet screens all show it.
import useSWR from 'swr';
import type { Wallet } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

export const walletKey = '/wallet/get-wallet';

export const fetchWallet = () => apiClient.get<Wallet>(walletKey);

export function useWallet() {
  return useSWR(walletKey, fetchWallet, { shouldRetryOnError: false });
}
