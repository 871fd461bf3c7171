// After a bet, a withdrawal or the daily coins every balance on screen must agree: the wallet, the header's
// coin count (the current user's walletBalance), the bet history lists and the bettor's own bets on the
// cards and the bet screen. The wallet's coin history and its chart follow the wallet's balances
// (features/wallet/api/get-ledger.ts), so revalidating the wallet refreshes them too.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { myBetsKey } from '../game/get-my-bets.ts';
import { currentUserKey } from '../session/current-user.ts';
import { walletKey } from './get-wallet.ts';

/** The first part of every bet-list SWR key ([path, userId]), so a refresh can match them all. */
export const BET_LIST_PATH = '/bet/get-betlist';

const isBetListKey = (key: unknown) => Array.isArray(key) && key[0] === BET_LIST_PATH;

export function useRefreshBalances() {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => Promise.all([mutate(walletKey), mutate(currentUserKey), mutate(isBetListKey), mutate(myBetsKey)]),
    [mutate],
  );
}
