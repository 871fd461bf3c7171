// Deciding an event and settling its bets. Each bet's settlement is guarded by the bet being 'pending'
// and commits whole (bets are packed several to a transaction, all or none), and the winning team's
// trophy in one guarded by a flag on the event, so a retried, doubled or restarted settlement applies
// everything exactly once. No HTTP and no queue in here: the worker, the command line and the tests
// call it alike.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventResult } from '#shared/api.ts';
import type { EventOutcome } from '#shared/schemas.ts';
import { forEachLimit, TaskPool } from '#functions/platform/concurrency.ts';
import { cancellationCodes, conditionFailedAt, MAX_TRANSACT_ITEMS, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import * as notifications from '#functions/data/notifications.ts';
import { ledgerEntryItem, payoutEntryId } from '#functions/data/ledger.ts';
import * as teams from '#functions/data/teams.ts';
import { refreshHostelStandings } from '#functions/community/hostels.ts';
import * as users from '#functions/data/users.ts';
import { creditFieldsItem } from '#functions/data/wallets.ts';
import { payoutFor } from '#functions/betting/betting-rules.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { type AuditedAction, auditEntries } from '#functions/catalog/event-audit.ts';
import { type Actor, assertWinnerOfTournament, authoriseEvent } from '#functions/catalog/organisers.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { notices } from '#functions/notifications/notice-texts.ts';
import { type BetSettlement, refund, unacceptedRefund } from '#functions/betting/refunds.ts';

/** Bets read from the index per page, and settled at once. */
export const SETTLE_PAGE_SIZE = 100;
export const SETTLE_CONCURRENCY = 8;
/** Notification pushes in flight at once: each waits on the network, not on the table. */
export const PUSH_CONCURRENCY = 32;
/**
 * The bets index is eventually consistent: a bet committed just before the result may show up late.
 * A pass that finds nothing is final only this long after the result was recorded.
 */
const INDEX_LAG_MS = 1_000;
/** Pause before the next pass when the index still lists bets that are already settled. */
const STALE_INDEX_PAUSE_MS = 100;

const resultOf = (event: events.EventRecord): EventResult => ({
  eventId: event.id,
  winnerTeamId: event.winnerTeamId ?? null,
  isVoid: event.isVoid === true,
  decidedAt: event.decidedAt!,
});

/**
 * Closes betting and records the outcome once. The same outcome again answers the recorded result
 * (so the caller may queue settlement again); a different one is a conflict.
 */
export async function recordResult(eventId: string, outcome: EventOutcome, now = new Date(), alsoWrite: TransactItem[] = []): Promise<EventResult> {
  const decidedAt = now.toISOString();
  const attempt = await events.recordOutcome(eventId, outcome, decidedAt, alsoWrite);
  if (attempt.recorded) return { eventId, winnerTeamId: outcome.winnerTeamId ?? null, isVoid: outcome.isVoid === true, decidedAt };
  const { current } = attempt;
  if (!current) throw new DomainError('event-not-found');
  // Still undecided: only a winner who does not play in the event is refused that way.
  if (!current.decidedAt) throw new DomainError('team-not-in-event');
  const same = outcome.isVoid ? current.isVoid === true : current.winnerTeamId === outcome.winnerTeamId;
  if (!same) throw new DomainError('result-conflict');
  return resultOf(current);
}

/** Declares the winner or voids the event (recordResult), with its audit entry in the same transaction. */
export async function decideEvent(id: string, outcome: EventOutcome, actor: Actor) {
  const event = await authoriseEvent(actor, id);
  const winner = outcome.winnerTeamId && (await teams.getTeam(outcome.winnerTeamId));
  // A match made before teams were held to their tournament may have another's: that one cannot be its winner.
  if (winner && event.teamIds.includes(winner.id)) assertWinnerOfTournament(event.tournamentId, winner);
  const decision: AuditedAction = outcome.isVoid
    ? { action: 'voided', onceAs: 'result' }
    : { action: 'decided', detail: `winner ${winner ? winner.teamName : outcome.winnerTeamId}`, onceAs: 'result' };
  const now = new Date();
  return recordResult(event.id, outcome, now, await auditEntries(actor, id, [decision], now));
}

export interface SettleOptions {
  /** Stops starting bets once aborted (the worker's time budget); settleEvent then rejects. */
  signal?: AbortSignal;
  /** Called after each bet this run settled. */
  onBetSettled?: (bet: bets.BetRecord) => void;
  /** Transactions in flight at once (default SETTLE_CONCURRENCY). */
  concurrency?: number;
  /** Items per transaction (default and at most DynamoDB's limit, MAX_TRANSACT_ITEMS). */
  maxTransactItems?: number;
  /** The late sweep: look for bets left unsettled even if the event is marked settled. */
  sweep?: boolean;
}

export interface SettlementReport {
  eventId: string;
  /** Bets settled by this run (others may have been settled by a concurrent or earlier run). */
  settled: number;
}

/**
 * Settles every bet of a decided event, awards the winning team's trophy, then marks the event
 * settled. Safe to run again, twice at once, or after a run died half-way. The worker runs it once
 * more as a late sweep (options.sweep), for a bet committed after the passes whose own function was
 * cut off before it could refund it.
 */
export async function settleEvent(eventId: string, options: SettleOptions = {}): Promise<SettlementReport> {
  const event = await events.getEvent(eventId, true);
  if (!event) throw new DomainError('event-not-found');
  if (!event.decidedAt) throw new DomainError('event-not-decided');
  const report: SettlementReport = { eventId, settled: 0 };
  if (event.settledAt && !options.sweep) return report;

  if (event.winnerTeamId) await awardTeamTrophy(event.id, event.winnerTeamId);
  const pushes = new TaskPool(PUSH_CONCURRENCY);
  try {
    // Pass after pass until one finds no unsettled bet late enough to trust the index.
    for (;;) {
      const startedAt = Date.now();
      const { seen, settled } = await settlePass(event, options, pushes);
      report.settled += settled;
      const sinceDecided = startedAt - Date.parse(event.decidedAt);
      if (seen === 0) {
        if (sinceDecided >= INDEX_LAG_MS) break;
        await sleep(INDEX_LAG_MS - sinceDecided);
      } else if (settled === 0) {
        await sleep(STALE_INDEX_PAUSE_MS);
      }
    }
  } finally {
    await pushes.drain();
  }
  if (!event.settledAt) await events.markSettled(event.id, new Date().toISOString());
  return report;
}

/** One walk through every shard's pages of the index; how many bets it listed and how many it settled. */
async function settlePass(event: events.EventRecord, options: SettleOptions, pushes: TaskPool): Promise<{ seen: number; settled: number }> {
  let seen = 0;
  let settled = 0;
  for (let shard = 0; shard < bets.BET_INDEX_SHARDS; shard++) {
    const counts = await settleShard(event, shard, options, pushes);
    seen += counts.seen;
    settled += counts.settled;
  }
  return { seen, settled };
}

async function settleShard(event: events.EventRecord, shard: number, options: SettleOptions, pushes: TaskPool): Promise<{ seen: number; settled: number }> {
  let seen = 0;
  let settled = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await bets.listUnsettledBetsPage(event.id, shard, SETTLE_PAGE_SIZE, startKey);
    seen += page.bets.length;
    const trophies = await bettorTrophies(event, page.bets);
    const settlements = page.bets.map((bet) => betSettlement(event, bet, new Date().toISOString(), trophies));
    const batches = packSettlements(settlements, options.maxTransactItems);
    await forEachLimit(batches, options.concurrency ?? SETTLE_CONCURRENCY, async (batch) => {
      options.signal?.throwIfAborted();
      for (const bet of await settleBatch(event, batch, pushes)) {
        settled++;
        options.onBetSettled?.(bet);
      }
    });
    startKey = page.nextKey;
  } while (startKey);
  return { seen, settled };
}

/**
 * Settlements packed into as few transactions as the item limit allows (notifications included), one
 * bet per bettor in each (a transaction may touch an item once): a few round trips a page, not one a bet.
 */
export function packSettlements(settlements: BetSettlement[], maxItems = MAX_TRANSACT_ITEMS): BetSettlement[][] {
  const limit = Math.min(maxItems, MAX_TRANSACT_ITEMS);
  const batches: BetSettlement[][] = [];
  let batch: BetSettlement[] = [];
  let size = 0;
  for (const settlement of settlements) {
    const itemCount = settlement.items.length + notifications.newNotificationItems(settlement.notice).length;
    const full = size + itemCount > limit || batch.some((s) => s.bet.userId === settlement.bet.userId);
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
 * Commits a batch in one transaction. If it is refused (a bet settled already by another run, a
 * bettor's trophy count that moved, a lost race), settles its bets one by one instead. The bets this
 * call settled.
 */
async function settleBatch(event: events.EventRecord, batch: BetSettlement[], pushes: TaskPool): Promise<bets.BetRecord[]> {
  if (batch.length > 1) {
    try {
      await commitNotifying(
        batch.flatMap((s) => s.items),
        batch.map((s) => s.notice),
        { pushes },
      );
      return batch.map((s) => s.bet);
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
    }
  }
  const settled: bets.BetRecord[] = [];
  for (const { bet } of batch) if (await settleBet(event, bet, pushes)) settled.push(bet);
  return settled;
}

// The order of a winning bet's transaction items, for reading which condition failed.
const BET_UPDATE = 0;
const BETTOR_TROPHY = 2;

/** Settles one bet alone; false when it was settled already (by another run, or before a retry). */
async function settleBet(event: events.EventRecord, listed: bets.BetRecord, pushes: TaskPool): Promise<boolean> {
  let bet = listed;
  for (;;) {
    const { items, notice } = betSettlement(event, bet, new Date().toISOString(), await bettorTrophies(event, [bet]));
    try {
      await commitNotifying(items, [notice], { pushes });
      return true;
    } catch (error) {
      if (conditionFailedAt(error, BET_UPDATE)) {
        // Settled already, or accepted since the (eventually consistent) index listed it: read it again.
        const current = await bets.getBet(bet.userId, bet.eventId);
        if (!current || current.status !== 'pending') return false;
        bet = current;
        continue;
      }
      // The bettor's trophy count moved (another event settling): read it again and retry.
      if (event.winnerTeamId && conditionFailedAt(error, BETTOR_TROPHY)) continue;
      throw error;
    }
  }
}

/** The current trophy count of each winning bet's bettor (a win adds one, guarded by that count). */
export async function bettorTrophies(event: events.EventRecord, list: bets.BetRecord[]): Promise<Map<string, number>> {
  const winners = list.filter((bet) => bet.acceptedAt && !event.isVoid && bet.teamId === event.winnerTeamId).map((bet) => bet.userId);
  if (winners.length === 0) return new Map();
  const profiles = await users.getUsers(winners, true);
  for (const userId of winners) if (!profiles.has(userId)) throw new Error(`Bettor ${userId} of event ${event.id} has no profile`);
  return new Map([...profiles].map(([userId, profile]) => [userId, profile.trophy]));
}

/**
 * The bet's settlement by the event's current outcome (a corrected one included: the bet records its
 * generation): its items (the guarded bet update first) and its notice.
 */
export function betSettlement(event: events.EventRecord, bet: bets.BetRecord, at: string, trophies: Map<string, number>): BetSettlement {
  const { userId, eventId, teamName, amount } = bet;
  const generation = events.correctionOf(event);
  if (!bet.acceptedAt) return unacceptedRefund(bet, at);
  if (event.isVoid) return refund(bet, at, notices.eventVoided(userId, eventId, teamName, amount, at), generation);
  if (bet.teamId !== event.winnerTeamId) {
    return { bet, items: [bets.settleBetItem(bet, 'lost', at, undefined, generation)], notice: notices.betLost(userId, eventId, teamName, amount, at) };
  }
  const payout = payoutFor(amount);
  return {
    bet,
    items: [
      bets.settleBetItem(bet, 'won', at, payout, generation),
      creditFieldsItem(userId, { coins: payout, earnings: payout }),
      users.awardTrophyItem(userId, trophies.get(userId)!),
      ledgerEntryItem({ userId, entryId: payoutEntryId(eventId), kind: 'payout', coins: payout, cashPaise: 0, createdAt: at }),
    ],
    notice: notices.betWon(userId, eventId, teamName, payout, at),
  };
}

/** +1 trophy for the winning team, once per event: the event's flag and the team's count in one transaction. */
async function awardTeamTrophy(eventId: string, teamId: string): Promise<void> {
  for (;;) {
    const team = await teams.getTeam(teamId, true);
    if (!team) throw new Error(`Winning team ${teamId} of event ${eventId} does not exist`);
    try {
      await transactWrite([events.teamTrophyOnceItem(eventId, teamId), teams.awardTrophyItem(teamId, team.trophy)]);
      return;
    } catch (error) {
      if (conditionFailedAt(error, 0)) return; // counted already
      if (!conditionFailedAt(error, 1)) throw error;
      // The team's count moved (another of its events settling): read it again and retry.
    }
  }
}

/** After a settlement or a correction: the standings that count the event's wins (its tournament's hostels). */
export const refreshStandings = (eventId: string) => refreshHostelStandings(eventId);
