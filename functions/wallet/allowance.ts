// The daily allowance: with fixed 1.5x payouts coins drain, and a bettor below the minimum stake could
// never bet again. Once per UTC day such a bettor may top their coins up to the floor (ALLOWANCE_FLOOR):
// money in from the house, like the welcome grant, as a ledger entry whose id is the day, written in one
// transaction with the wallet, so a retry or a second tap cannot pay twice.
import type { AllowanceClaim, Wallet } from '#shared/api.ts';
import { COIN_BET_MIN } from '#shared/constants.ts';
import { config } from '#functions/platform/config.ts';
import { conditionFailedAt, transactWrite } from '#functions/platform/dynamodb.ts';
import { allowanceEntryId, hasLedgerEntry, ledgerEntryItem } from '#functions/data/ledger.ts';
import { getWallet, topUpCoinsItem } from '#functions/data/wallets.ts';
import { DomainError } from '#functions/platform/errors.ts';

/** The UTC day (yyyy-mm-dd) an allowance claimed at `now` counts for. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Coins the allowance would give now (0 while the bettor can still place the smallest bet). */
const topUpFor = (coins: number) => (coins < COIN_BET_MIN ? Math.max(0, config().allowanceFloor - coins) : 0);

/** The wallet answer's allowance: whether it can be claimed now, and for how many coins. */
export async function allowanceStatus(userId: string, coins: number, now = new Date()): Promise<Wallet['allowance']> {
  const topUp = topUpFor(coins);
  const claimable = topUp > 0 && !(await hasLedgerEntry(userId, allowanceEntryId(utcDay(now))));
  return { claimable, coins: claimable ? topUp : 0 };
}

// The order of the claim's transaction, for reading which condition failed.
const ENTRY = 0;
const WALLET = 1;
/** A bet or payout landing between the read and the claim: read again, a few times. */
const ATTEMPTS = 3;

/** POST /wallet/claim-allowance. `now` decides the day (injectable for tests). */
export async function claimAllowance(userId: string, now = new Date()): Promise<AllowanceClaim> {
  const entryId = allowanceEntryId(utcDay(now));
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { coins } = await getWallet(userId);
    const topUp = topUpFor(coins);
    if (topUp === 0) {
      // A double tap's second request sees the topped-up wallet: say it was claimed, not "enough coins".
      throw new DomainError((await hasLedgerEntry(userId, entryId)) ? 'allowance-already-claimed' : 'allowance-not-needed');
    }
    try {
      await transactWrite([
        ledgerEntryItem({ userId, entryId, kind: 'allowance', coins: topUp, cashPaise: 0, createdAt: now.toISOString() }),
        topUpCoinsItem(userId, coins, coins + topUp),
      ]);
      return { coins: topUp, totalCoins: coins + topUp };
    } catch (error) {
      if (conditionFailedAt(error, ENTRY)) throw new DomainError('allowance-already-claimed');
      if (!conditionFailedAt(error, WALLET)) throw error;
    }
  }
  throw new DomainError('wallet-busy');
}
