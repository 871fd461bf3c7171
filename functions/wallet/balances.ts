// A user's wallet as they see it: coins, cash, earnings and whether the daily allowance is theirs today.
import type { Wallet } from '#shared/api.ts';
import * as wallets from '#functions/data/wallets.ts';
import { allowanceStatus } from './allowance.ts';
import { paiseToRupees } from '#shared/money.ts';

export async function getWalletSummary(userId: string): Promise<Wallet> {
  const wallet = await wallets.getWallet(userId);
  return {
    totalCoins: wallet.coins,
    totalCash: paiseToRupees(wallet.cashPaise),
    totalEarnings: wallet.earnings,
    allowance: await allowanceStatus(userId, wallet.coins),
  };
}
