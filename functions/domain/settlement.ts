// Deciding an event and settling its bets. Each bet is settled in ONE transaction guarded by the bet
// being 'pending', and the winning team's trophy in one guarded by a flag on the event, so a retried,
// doubled or restarted settlement applies everything exactly once. No HTTP and no queue in here: the
// worker, the command line and the tests call it alike.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventResult } from '#shared/api.ts';
import type { EventOutcome } from '#shared/schemas.ts';
import { forEachLimit, TaskPool } from '#functions/lib/concurrency.ts';
import { conditionFailedAt, type TransactItem, transactWrite } from '#functions/lib/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import { ledgerEntryItem, payoutEntryId, refundEntryId } from '#functions/data/ledger.ts';
import * as teams from '#functions/data/teams.ts';
import * as users from '#functions/data/users.ts';
import { creditFieldsItem, creditItem } from '#functions/data/wallets.ts';
import { payoutFor } from './betting-rules.ts';
import { DomainError } from './errors.ts';
import { commitNotifying, type Notice, notices } from './notifications.ts';

/** Bets read from the index per page, and settled at once. */
export const SETTLE_PAGE_SIZE = 100;
export const SETTLE_CONCURRENCY = 8;
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
export async function recordResult(eventId: string, outcome: EventOutcome, now = new Date()): Promise<EventResult> {
  const decidedAt = now.toISOString();
  const attempt = await events.recordOutcome(eventId, outcome, decidedAt);
  if (attempt.recorded) return { eventId, winnerTeamId: outcome.winnerTeamId ?? null, isVoid: outcome.isVoid === true, decidedAt };
  const { current } = attempt;
  if (!current) throw new DomainError('event-not-found');
  // Still undecided: only a winner who does not play in the event is refused that way.
  if (!current.decidedAt) throw new DomainError('team-not-in-event');
  const same = outcome.isVoid ? current.isVoid === true : current.winnerTeamId === outcome.winnerTeamId;
  if (!same) throw new DomainError('result-conflict');
  return resultOf(current);
}

export interface SettleOptions {
  /** Stops starting bets once aborted (the worker's time budget); settleEvent then rejects. */
  signal?: AbortSignal;
  /** Called after each bet this run settled. */
  onBetSettled?: (bet: bets.BetRecord) => void;
}

export interface SettlementReport {
  eventId: string;
  /** Bets settled by this run (others may have been settled by a concurrent or earlier run). */
  settled: number;
}

/**
 * Settles every bet of a decided event, awards the winning team's trophy, then marks the event
 * settled. Safe to run again, twice at once, or after a run died half-way.
 */
export async function settleEvent(eventId: string, options: SettleOptions = {}): Promise<SettlementReport> {
  const event = await events.getEvent(eventId, true);
  if (!event) throw new DomainError('event-not-found');
  if (!event.decidedAt) throw new DomainError('event-not-decided');
  const report: SettlementReport = { eventId, settled: 0 };
  if (event.settledAt) return report;

  if (event.winnerTeamId) await awardTeamTrophy(event.id, event.winnerTeamId);
  const pushes = new TaskPool(SETTLE_CONCURRENCY);
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
  await events.markSettled(event.id, new Date().toISOString());
  return report;
}

/** One walk through the index's pages; how many bets it listed and how many it settled. */
async function settlePass(event: events.EventRecord, options: SettleOptions, pushes: TaskPool): Promise<{ seen: number; settled: number }> {
  let seen = 0;
  let settled = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await bets.listUnsettledBetsPage(event.id, SETTLE_PAGE_SIZE, startKey);
    seen += page.bets.length;
    await forEachLimit(page.bets, SETTLE_CONCURRENCY, async (bet) => {
      options.signal?.throwIfAborted();
      if (!(await settleBet(event, bet, pushes))) return;
      settled++;
      options.onBetSettled?.(bet);
    });
    startKey = page.nextKey;
  } while (startKey);
  return { seen, settled };
}

// The order of a winning bet's transaction items, for reading which condition failed.
const BET_UPDATE = 0;
const BETTOR_TROPHY = 2;

/** Settles one bet; false when it was settled already (by another run, or before a retry). */
async function settleBet(event: events.EventRecord, bet: bets.BetRecord, pushes: TaskPool): Promise<boolean> {
  for (;;) {
    const { items, notice } = await betSettlement(event, bet, new Date().toISOString());
    try {
      await commitNotifying(items, [notice], pushes);
      return true;
    } catch (error) {
      if (conditionFailedAt(error, BET_UPDATE)) return false;
      // The bettor's trophy count moved (another event settling): read it again and retry.
      if (event.winnerTeamId && conditionFailedAt(error, BETTOR_TROPHY)) continue;
      throw error;
    }
  }
}

/** The bet's settlement transaction and its notice; the bet's guarded update comes first. */
async function betSettlement(event: events.EventRecord, bet: bets.BetRecord, at: string): Promise<{ items: TransactItem[]; notice: Notice }> {
  const { userId, eventId, teamName, amount } = bet;
  if (event.isVoid) {
    return {
      items: [
        bets.settleBetItem(bet, 'refunded', at),
        creditItem(userId, 'coins', amount),
        ledgerEntryItem({ userId, entryId: refundEntryId(eventId), kind: 'refund', coins: amount, cashPaise: 0, createdAt: at }),
      ],
      notice: notices.eventVoided(userId, eventId, teamName, amount, at),
    };
  }
  if (bet.teamId !== event.winnerTeamId) {
    return { items: [bets.settleBetItem(bet, 'lost', at)], notice: notices.betLost(userId, eventId, teamName, amount, at) };
  }
  const payout = payoutFor(amount);
  const bettor = await users.getUser(userId);
  if (!bettor) throw new Error(`Bettor ${userId} of event ${eventId} has no profile`);
  return {
    items: [
      bets.settleBetItem(bet, 'won', at, payout),
      creditFieldsItem(userId, { coins: payout, earnings: payout }),
      users.awardTrophyItem(userId, bettor.trophy),
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
