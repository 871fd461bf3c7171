// Staking coins in the tournament-winner pool (docs/architecture.md "The tournament-winner pool"). Stakes
// follow the close protocol (read, commit, read again; a bet's before bets became one transaction): they
// share no item (the pool's totals come from the table stream), and whether the pool still took it is
// decided around the stake's own transaction.
import type { PoolStake } from '#shared/api.ts';
import type { PoolStakeInput } from '#shared/schemas.ts';
import { conditionFailedAt, lostTransactionRace, readTogether, transactWriteUnless, type ItemRead } from '#functions/platform/dynamodb.ts';
import { DomainError } from '#functions/platform/errors.ts';
import * as events from '#functions/data/events.ts';
import { ledgerEntryItem, poolStakeEntryId, poolStakeRefundEntryId } from '#functions/data/ledger.ts';
import * as pools from '#functions/data/pools.ts';
import { teamRead } from '#functions/data/teams.ts';
import { creditItem, debitItem } from '#functions/data/wallets.ts';
import { coinStakeProblem } from '#functions/betting/betting-rules.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { poolNotices } from '#functions/notifications/pool-notice-texts.ts';
import { isPoolOpen, teamProblem } from './pool-rules.ts';

// The order of the items in a stake's transaction, for reading which condition failed.
const WALLET_DEBIT = 0;
const STAKE_PUT = 1;
const LEDGER_PUT = 2;

/** The pool with the match that closes it, read together (consistently: ordered with the close's writes). */
async function readPool(tournamentId: string, extra: { team?: string; sessionOpen?: ItemRead<boolean> } = {}) {
  const [pool, team, open] = await readTogether([pools.poolRead(tournamentId), extra.team ? teamRead(extra.team) : undefined, extra.sessionOpen], true);
  const closingMatch = pool?.closesWithEventId && !pool.closesAt ? await events.getEvent(pool.closesWithEventId, true) : undefined;
  return { pool, team, open, closingMatch };
}

export const stakeView = (stake: pools.StakeRecord): PoolStake => ({
  tournamentId: stake.tournamentId,
  teamId: stake.teamId,
  teamName: stake.teamName,
  amount: stake.amount,
  status: stake.status,
  ...(stake.payout !== undefined && { payout: stake.payout }),
  createdAt: stake.createdAt,
});

/**
 * Stakes coins on a team to lift the cup:
 *  1. read the pool (consistent) and check it takes stakes on this team (open, the team in and not out);
 *  2. in ONE transaction on the bettor's own items: debit the wallet, store the stake (one per team),
 *     write its ledger entry;
 *  3. read the pool again: still open for the team, the stake is accepted; closed meanwhile (or the team
 *     knocked out), it is refunded at once and the bettor told (409). A stake never accepted (this
 *     function cut off between 2 and 3) is refunded by the share, never shared.
 */
export async function placeStake(userId: string, input: PoolStakeInput, { sessionOpen, now = new Date() }: { sessionOpen?: ItemRead<boolean>; now?: Date } = {}): Promise<PoolStake> {
  const problem = coinStakeProblem(input.amount);
  if (problem) throw new DomainError(problem);
  const { pool, team, open, closingMatch } = await readPool(input.tournamentId, { team: input.teamId, sessionOpen });
  if (sessionOpen && open !== true) throw new DomainError('unauthorized');
  if (!pool) throw new DomainError('pool-not-found');
  const refused = teamProblem(pool, input.teamId);
  if (refused || !team) throw new DomainError(refused ?? 'pool-team-not-in');
  if (!isPoolOpen(pool, closingMatch, now)) throw new DomainError('pool-closed');

  const createdAt = now.toISOString();
  const stake: pools.StakeRecord = { userId, tournamentId: pool.tournamentId, teamId: team.id, teamName: team.teamName, amount: input.amount, status: 'pending', createdAt };
  const stakedAlready = async () => {
    if (await pools.getStake(userId, stake.tournamentId, stake.teamId)) throw new DomainError('pool-already-staked');
  };
  try {
    await transactWriteUnless(
      [
        debitItem(userId, 'coins', stake.amount),
        pools.newStakeItem(stake),
        ledgerEntryItem({ userId, entryId: poolStakeEntryId(stake.tournamentId, stake.teamId), kind: 'pool-stake', coins: -stake.amount, cashPaise: 0, createdAt }),
      ],
      stakedAlready,
    );
  } catch (error) {
    if (conditionFailedAt(error, STAKE_PUT) || conditionFailedAt(error, LEDGER_PUT)) throw new DomainError('pool-already-staked');
    if (conditionFailedAt(error, WALLET_DEBIT)) throw new DomainError('not-enough-coins');
    if (lostTransactionRace(error)) throw new DomainError('wallet-busy');
    throw error;
  }

  const after = await readPool(stake.tournamentId);
  const stillOpen = after.pool !== undefined && isPoolOpen(after.pool, after.closingMatch, new Date()) && !teamProblem(after.pool, stake.teamId);
  if (stillOpen && (await pools.acceptStake(stake, new Date().toISOString()))) return stakeView({ ...stake, status: 'accepted' });
  await refundArrivingStake(stake);
  throw new DomainError('pool-stake-refunded-closed');
}

/**
 * Gives back a stake the pool closed under: the stake refunded (condition: still pending), the coins, the
 * ledger entry and a notice in one transaction. The share may refund it at once too: whichever commits
 * first wins, and the other finds nothing left to do.
 */
async function refundArrivingStake(stake: pools.StakeRecord): Promise<void> {
  const at = new Date().toISOString();
  const { userId, tournamentId, teamId, amount } = stake;
  try {
    await commitNotifying(
      [
        pools.settleStakeItem(stake, { status: 'refunded', payout: amount, writtenOff: 0 }, at),
        creditItem(userId, 'coins', amount),
        ledgerEntryItem({ userId, entryId: poolStakeRefundEntryId(tournamentId, teamId), kind: 'pool-stake-refund', coins: amount, cashPaise: 0, createdAt: at }),
      ],
      [poolNotices.stakeRefundedClosed(userId, tournamentId, teamId, stake.teamName, amount, at)],
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) return; // refunded by the share already
    throw error;
  }
}

/** The bettor's stakes in the pool, biggest first. */
export async function listMyStakes(userId: string, tournamentId: string): Promise<PoolStake[]> {
  const stakes = await pools.listUserStakes(userId, tournamentId);
  return stakes.sort((a, b) => b.amount - a.amount || a.createdAt.localeCompare(b.createdAt)).map(stakeView);
}
