// The walk over an event's sharded bets index that settlement and correction share: pass after pass
// over every shard's pages, each page's bets packed into as few transactions as the item limit allows,
// a refused transaction redone one bet at a time, until a pass finds nothing to do late enough to
// trust the (eventually consistent) index. What a bet's transaction is, and how one bet alone retries,
// is the caller's: each bet's first item is guarded, so a retried, doubled or killed sweep moves it once.
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachLimit, TaskPool } from '#functions/platform/concurrency.ts';
import { cancellationCodes, MAX_TRANSACT_ITEMS, type TransactItem } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as notifications from '#functions/data/notifications.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import type { BetSettlement } from '#functions/betting/refunds.ts';
import type { Notice } from '#functions/notifications/notice-texts.ts';

/** Bets read from the index per page, and settled at once. */
export const SETTLE_PAGE_SIZE = 100;
export const SETTLE_CONCURRENCY = 8;
/** Index shards read at once; their batches wait for the SETTLE_CONCURRENCY commits. */
const SHARDS_AT_ONCE = 4;
/** Notices posted to sockets at once: each waits on the network, not on the table. */
export const SOCKET_POST_CONCURRENCY = 32;
/**
 * The bets index is eventually consistent: a bet may show up late, or with its state of a moment ago.
 * A pass that finds nothing is final only this long after the change it carries out was recorded.
 */
const INDEX_LAG_MS = bets.BET_INDEX_LAG_MS;
/** Pause before the next pass when the index still lists bets that are already done. */
const STALE_INDEX_PAUSE_MS = 100;

export interface SweepOptions {
  /** Stops starting transactions once aborted; the sweep then rejects. */
  signal?: AbortSignal;
  /** Transactions in flight at once (default SETTLE_CONCURRENCY). */
  concurrency?: number;
  /** Items per transaction (default and at most DynamoDB's limit, MAX_TRANSACT_ITEMS). */
  maxTransactItems?: number;
}

/** What a sweep does to an event's bets; the walk itself is sweepIndex's. */
export interface IndexSweep {
  eventId: string;
  /** The index walked: bets.listUnsettledBetsPage or bets.listSettledBetsPage. */
  listPage: typeof bets.listUnsettledBetsPage;
  /** A page's listed bets still to move, each as its transaction (the guarded bet update first) and notice. */
  prepare: (listed: bets.BetRecord[]) => Promise<BetSettlement[]>;
  /** Moves one bet alone, reading again whatever moved; false when it needs nothing any more (another run did it). */
  commitOne: (bet: bets.BetRecord, socketPosts: TaskPool) => Promise<boolean>;
  /** Called after each bet this sweep moved. */
  onBet?: (bet: bets.BetRecord) => void;
  /** When the change was recorded (epoch ms): the index lag counts from then. */
  since: number;
}

/** Sweeps the index until a late enough pass finds nothing to do; the number of bets this call moved. */
export async function sweepIndex(sweep: IndexSweep, options: SweepOptions): Promise<number> {
  let moved = 0;
  const socketPosts = new TaskPool(SOCKET_POST_CONCURRENCY);
  try {
    for (;;) {
      const startedAt = Date.now();
      const pass = await sweepPass(sweep, options, socketPosts);
      moved += pass.moved;
      // The pass's last notices first: their users wait for them, while the next pass most often only
      // confirms there is nothing left, and its index reads would queue at the table before theirs.
      await socketPosts.drain();
      const sinceRecorded = startedAt - sweep.since;
      if (pass.found === 0) {
        if (sinceRecorded >= INDEX_LAG_MS) break;
        await sleep(INDEX_LAG_MS - sinceRecorded);
      } else if (pass.moved === 0) {
        await sleep(STALE_INDEX_PAUSE_MS);
      }
    }
  } finally {
    await socketPosts.drain();
  }
  return moved;
}

/**
 * One walk through every shard's pages of the index; how many bets it found to do and how many it moved.
 * Shards are read SHARDS_AT_ONCE at a time and their batches share one pool of `concurrency` commits: a
 * shard's page of an event of a few hundred bets packs into one or two transactions, so walking the
 * shards one after another left most of the pool idle.
 */
async function sweepPass(sweep: IndexSweep, options: SweepOptions, socketPosts: TaskPool): Promise<{ found: number; moved: number }> {
  let found = 0;
  let moved = 0;
  const commits = new TaskPool(options.concurrency ?? SETTLE_CONCURRENCY);
  const commit = (batch: BetSettlement[]) =>
    commits.run(async () => {
      options.signal?.throwIfAborted();
      for (const bet of await commitBatch(sweep, batch, socketPosts)) {
        moved++;
        sweep.onBet?.(bet);
      }
    });
  const shards = Array.from({ length: bets.BET_INDEX_SHARDS }, (_, shard) => shard);
  await forEachLimit(shards, SHARDS_AT_ONCE, async (shard) => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await sweep.listPage(sweep.eventId, shard, SETTLE_PAGE_SIZE, startKey);
      const todo = await sweep.prepare(page.bets);
      found += todo.length;
      // Every batch of the page ends (committed or failed) before the shard's next page or the pass's end.
      const failed = (await Promise.allSettled(packSettlements(todo, options.maxTransactItems).map(commit))).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      startKey = page.nextKey;
    } while (startKey);
  });
  return { found, moved };
}

/**
 * Settlements packed into as few transactions as the item limit allows (notifications included), one
 * bet per bettor in each (a transaction may touch an item once): a few round trips a page, not one a bet.
 */
export const packSettlements = (settlements: BetSettlement[], maxItems = MAX_TRANSACT_ITEMS) => packByUser(settlements, (s) => s.bet.userId, maxItems);

/** Changes of users' items packed as packSettlements packs bets: one change per user in each transaction (a pool's stakes too). */
export function packByUser<T extends { items: TransactItem[]; notice: Notice }>(settlements: T[], userOf: (settlement: T) => string, maxItems = MAX_TRANSACT_ITEMS): T[][] {
  const limit = Math.min(maxItems, MAX_TRANSACT_ITEMS);
  const batches: T[][] = [];
  let batch: T[] = [];
  let size = 0;
  for (const settlement of settlements) {
    const itemCount = settlement.items.length + notifications.newNotificationItems(settlement.notice).length;
    const full = size + itemCount > limit || batch.some((s) => userOf(s) === userOf(settlement));
    if (full && batch.length > 0) {
      batches.push(batch);
      [batch, size] = [[], 0];
    }
    batch.push(settlement);
    size += itemCount;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Commits a batch in one transaction. If it is refused (a bet done already by another run, coins or a
 * trophy count that moved, a lost race), moves its bets one by one instead. The bets this call moved.
 */
async function commitBatch(sweep: IndexSweep, batch: BetSettlement[], socketPosts: TaskPool): Promise<bets.BetRecord[]> {
  if (batch.length > 1) {
    try {
      await commitNotifying(
        batch.flatMap((s) => s.items),
        batch.map((s) => s.notice),
        { socketPosts },
      );
      return batch.map((s) => s.bet);
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
    }
  }
  const moved: bets.BetRecord[] = [];
  for (const { bet } of batch) if (await sweep.commitOne(bet, socketPosts)) moved.push(bet);
  return moved;
}
