// Sharing the tournament-winner pool once its champion is known (docs/architecture.md "The
// tournament-winner pool"): each stake moves to what the pool's current share version gives it (its part of
// the pool, nothing, or its stake back), with compensating entries only (a re-share after a correction
// takes back or adds the difference; a debit takes at most what the bettor has, the house writes off the
// rest as the bet corrections do). Each stake's move is guarded by its status and share version as read,
// so a retried, doubled or killed share moves every stake once. No HTTP and no queue in here.
import { sharePool } from '#shared/pool-shares.ts';
import { TaskPool } from '#functions/platform/concurrency.ts';
import { cancellationCodes, conditionFailedAt, type TransactItem } from '#functions/platform/dynamodb.ts';
import { ledgerEntryItem, poolShareEntryId, poolWriteOffEntryId, poolWriteOffRepaymentEntryId } from '#functions/data/ledger.ts';
import * as pools from '#functions/data/pools.ts';
import * as teams from '#functions/data/teams.ts';
import * as wallets from '#functions/data/wallets.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import type { Notice } from '#functions/notifications/notice-texts.ts';
import { poolNotices, type StakeShareNotice } from '#functions/notifications/pool-notice-texts.ts';
import { packByUser, SETTLE_CONCURRENCY, SOCKET_POST_CONCURRENCY } from './index-sweep.ts';

export interface ShareOptions {
  /** Stops starting transactions once aborted (the worker's time budget); sharePoolNow then rejects. */
  signal?: AbortSignal;
  concurrency?: number;
  maxTransactItems?: number;
}

export interface ShareReport {
  tournamentId: string;
  version: number;
  /** Stakes this run moved. */
  moved: number;
}

/** What a stake is under the pool's current share: its status and what it is paid. */
interface StakeTarget {
  status: pools.StakeStatus;
  payout: number;
}

/** One stake's move, in one transaction (the guarded stake update first), and the notice that says why. */
interface StakeMove {
  stake: pools.StakeRecord;
  items: TransactItem[];
  notice: Notice;
}

/** The share the pool asks for: every stake's target, by stake id (stakes the pool never took are refunded). */
function targetsOf(pool: pools.PoolRecord, stakes: pools.StakeRecord[]): Map<string, StakeTarget> {
  const taken = stakes.filter((stake) => stake.acceptedAt);
  const lines = taken.map((stake) => ({ id: pools.stakeId(stake), teamId: stake.teamId, amount: stake.amount, createdAt: stake.createdAt }));
  const targets = new Map<string, StakeTarget>();
  for (const stake of stakes) if (!stake.acceptedAt) targets.set(pools.stakeId(stake), { status: 'refunded', payout: stake.amount });
  const champions = pool.championIds ?? [];
  if (pool.calledOff) {
    for (const stake of taken) targets.set(pools.stakeId(stake), { status: 'refunded', payout: stake.amount });
  } else if (champions.length === 0) {
    // The champion was corrected away (the final voided, say): every stake waits again, unpaid.
    for (const stake of taken) targets.set(pools.stakeId(stake), { status: 'accepted', payout: 0 });
  } else {
    const payouts = sharePool(lines, champions);
    const backed = taken.some((stake) => champions.includes(stake.teamId));
    for (const stake of taken) {
      const payout = payouts.get(pools.stakeId(stake))!;
      targets.set(pools.stakeId(stake), { status: !backed ? 'refunded' : champions.includes(stake.teamId) ? 'won' : 'lost', payout });
    }
  }
  return targets;
}

/** Whether the stake still has to move to the share `version`: not refunded as it arrived, not moved to it yet. */
const isBehind = (stake: pools.StakeRecord, version: number) => !(stake.status === 'refunded' && stake.shareVersion === undefined) && (stake.shareVersion ?? 0) < version;

const earningsOf = (target: Pick<StakeTarget, 'status' | 'payout'>) => (target.status === 'won' ? target.payout : 0);

/** Whether the move needs the bettor's coins as they are now: it takes coins back, or repays a write-off first. */
const needsCoins = (stake: pools.StakeRecord, target: StakeTarget) => target.payout < (stake.payout ?? 0) || (stake.writtenOff ?? 0) > 0;

/** The stake moved to its target: the guarded stake update, the coins, the entries (only those that move something) and the notice. */
function stakeMove(stake: pools.StakeRecord, target: StakeTarget, version: number, coinsNow: number | undefined, champion: string, at: string): StakeMove {
  const { userId, tournamentId, teamId } = stake;
  const before = { status: stake.status, payout: stake.payout ?? 0 };
  const change = target.payout - before.payout;
  const earnings = earningsOf(target) - earningsOf(before);
  const debt = stake.writtenOff ?? 0;
  const writeOff = coinsNow === undefined ? 0 : Math.max(0, -change - coinsNow);
  const repayment = Math.min(debt, Math.max(0, change));
  const wallet =
    coinsNow === undefined
      ? change !== 0 || earnings !== 0
        ? [wallets.creditFieldsItem(userId, { coins: change, earnings })]
        : []
      : [wallets.adjustCoinsItem(userId, { coins: change + writeOff - repayment, earnings }, coinsNow)];
  const items: TransactItem[] = [
    pools.settleStakeItem(stake, { status: target.status, shareVersion: version, payout: target.payout, writtenOff: debt + writeOff - repayment }, at),
    ...wallet,
    ...(change !== 0 || earnings !== 0 ? [ledgerEntryItem({ userId, entryId: poolShareEntryId(tournamentId, teamId, version), kind: 'pool-share', coins: change, earnings, cashPaise: 0, createdAt: at })] : []),
    ...(writeOff > 0 ? [ledgerEntryItem({ userId, entryId: poolWriteOffEntryId(tournamentId, teamId, version), kind: 'pool-write-off', coins: writeOff, cashPaise: 0, createdAt: at })] : []),
    ...(repayment > 0 ? [ledgerEntryItem({ userId, entryId: poolWriteOffRepaymentEntryId(tournamentId, teamId, version), kind: 'pool-write-off-repayment', coins: -repayment, cashPaise: 0, createdAt: at })] : []),
  ];
  const about: StakeShareNotice = { userId, tournamentId, teamId, teamName: stake.teamName, amount: stake.amount, version, createdAt: at };
  return { stake, items, notice: noticeOf(stake, target, about, { change, writeOff, champion }) };
}

function noticeOf(stake: pools.StakeRecord, target: StakeTarget, about: StakeShareNotice, { change, writeOff, champion }: { change: number; writeOff: number; champion: string }): Notice {
  if (!stake.acceptedAt) return poolNotices.refunded(about, 'The cup pool closed before your stake could be taken.');
  const outcome =
    target.status === 'won'
      ? `${champion} lifted the cup: your stake on ${stake.teamName} is paid ${target.payout} coins.`
      : target.status === 'lost'
        ? `${champion} lifted the cup: your stake on ${stake.teamName} is lost.`
        : target.status === 'refunded'
          ? `Your stake on ${stake.teamName} counts as refunded.`
          : `The champion is not known yet: your stake on ${stake.teamName} waits again.`;
  if (stake.shareVersion !== undefined) return poolNotices.reshared(about, outcome, change, writeOff);
  if (target.status === 'won') return poolNotices.won(about, target.payout, champion);
  if (target.status === 'lost') return poolNotices.lost(about, champion);
  return poolNotices.refunded(about, target.payout === stake.amount && champion ? `Nobody backed ${champion}, the champion, so every stake comes back.` : 'The cup pool was called off.');
}

/**
 * The pool's current share as sharePoolNow commits it (the benchmark commits the same): every stake's
 * target, and the moves of the stakes not on this version yet, packed into transactions (one stake per bettor each).
 */
export async function planShare(pool: pools.PoolRecord, maxTransactItems?: number) {
  const version = pool.shareVersion;
  // Every stake, the ones already moved included: the share is worked out over the whole pool.
  const stakes = await pools.listPoolStakes(pool.tournamentId);
  const targets = targetsOf(pool, stakes);
  const championNames = await teams.getTeams(pool.championIds ?? []);
  const champion = [...championNames.values()].map((team) => team.teamName).join(' and ');
  const behind = stakes.filter((stake) => isBehind(stake, version));
  const reads = behind.filter((stake) => needsCoins(stake, targets.get(pools.stakeId(stake))!)).map((stake) => stake.userId);
  const coins = reads.length > 0 ? await wallets.getWallets([...new Set(reads)], true) : new Map<string, wallets.WalletRecord>();
  const at = new Date().toISOString();
  const moves = behind.map((stake) => {
    const target = targets.get(pools.stakeId(stake))!;
    return stakeMove(stake, target, version, needsCoins(stake, target) ? coins.get(stake.userId)!.coins : undefined, champion, at);
  });
  return { version, targets, champion, batches: packByUser(moves, (move) => move.stake.userId, maxTransactItems) };
}

/**
 * Moves every stake of the pool to its current share version, then records the share done. Safe to run
 * again, twice at once, or after a run died half-way: every stake's move is guarded.
 */
export async function sharePoolNow(tournamentId: string, options: ShareOptions = {}): Promise<ShareReport> {
  const pool = await pools.getPool(tournamentId, true);
  const report: ShareReport = { tournamentId, version: pool?.shareVersion ?? 0, moved: 0 };
  if (!pool || pool.shareVersion === 0 || pool.sharedVersion === pool.shareVersion) return report;
  const { version, targets, champion, batches } = await planShare(pool, options.maxTransactItems);
  const socketPosts = new TaskPool(SOCKET_POST_CONCURRENCY);
  const commits = new TaskPool(options.concurrency ?? SETTLE_CONCURRENCY);
  const oneByOne = async (stake: pools.StakeRecord) => {
    if (await moveOne(stake, targets, version, champion, socketPosts)) report.moved++;
  };
  try {
    const results = await Promise.allSettled(
      batches.map((batch) =>
        commits.run(async () => {
          options.signal?.throwIfAborted();
          try {
            await commitNotifying(batch.flatMap((move) => move.items), batch.map((move) => move.notice), { socketPosts });
            report.moved += batch.length;
          } catch (error) {
            if (!cancellationCodes(error)) throw error;
            for (const move of batch) await oneByOne(move.stake);
          }
        }),
      ),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    await socketPosts.drain();
  }
  await pools.markShared(tournamentId, version);
  return report;
}

/** Moves one stake alone, reading it and the coins again whatever moved; false when it needed nothing any more. */
async function moveOne(listed: pools.StakeRecord, targets: Map<string, StakeTarget>, version: number, champion: string, socketPosts: TaskPool): Promise<boolean> {
  for (;;) {
    const stake = await pools.getStake(listed.userId, listed.tournamentId, listed.teamId);
    if (!stake || !isBehind(stake, version)) return false;
    // A stake refunded as it arrived since the listing read it pending: the share leaves it so.
    const target = targets.get(pools.stakeId(stake))!;
    const coinsNow = needsCoins(stake, target) ? (await wallets.getWallet(stake.userId)).coins : undefined;
    const move = stakeMove(stake, target, version, coinsNow, champion, new Date().toISOString());
    try {
      await commitNotifying(move.items, [move.notice], { socketPosts });
      return true;
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      // The stake moved meanwhile (read again), or the coins did (read again and retry).
      if (conditionFailedAt(error, 0)) continue;
    }
  }
}
