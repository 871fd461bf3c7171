// Settling the bets of a decided event (results.ts decides it). Each bet's settlement is guarded by the
// bet being 'pending' and commits whole (bets are packed several to a transaction, all or none), and the
// winning team's trophy in one guarded by a flag on the event, so a retried, doubled or restarted
// settlement applies everything exactly once. No HTTP and no queue in here: the worker, the command line
// and the tests call it alike.
// The underdog bonus (shared/underdog.ts): the first settlement counts who backed which team before it
// settles any bet and stores that split on the event, once; every run, retry and correction pays by it.
import { stakesReturned } from '#shared/match-results.ts';
import { describeScore } from '#shared/sports.ts';
import type { TaskPool } from '#functions/platform/concurrency.ts';
import { conditionFailedAt, transactWrite } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import * as eventOutcomes from '#functions/data/event-outcomes.ts';
import { ledgerEntryItem, payoutEntryId, underdogEntryId } from '#functions/data/ledger.ts';
import { underdogBonus } from '#shared/underdog.ts';
import * as teams from '#functions/data/teams.ts';
import { refreshHostelStandings } from '#functions/community/hostels.ts';
import * as users from '#functions/data/users.ts';
import { creditFieldsItem } from '#functions/data/wallets.ts';
import { isOffLineup, payoutFor } from '#functions/betting/betting-rules.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { currentReplacement, describeMatch } from '#functions/betting/match-descriptions.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { notices } from '#functions/notifications/notice-texts.ts';
import { type BetSettlement, refund } from '#functions/betting/refunds.ts';
import { sweepIndex } from './index-sweep.ts';

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
  const read = await events.getEvent(eventId, true);
  if (!read) throw new DomainError('event-not-found');
  if (!read.decidedAt) throw new DomainError('event-not-decided');
  const report: SettlementReport = { eventId, settled: 0 };
  if (read.settledAt && !options.sweep) return report;
  // The underdog split, counted before the first settlement touches a bet (an event settled before the
  // bonus existed keeps none: its bets never had one).
  const event = read.settledAt || read.backersAtResult ? read : { ...read, backersAtResult: await countBackersAtResult(read) };

  // A match a correction replaced: its bettors are told which match is played in its place.
  const replacement = event.replacedBy ? await replacementOf(event.replacedBy) : undefined;
  // The team's trophy goes alongside the bets (it touches none of their items), not before them: its two
  // round trips would delay every bettor's notice.
  const trophy = event.winnerTeamId ? awardTeamTrophy(event.id, event.winnerTeamId) : Promise.resolve();
  const sweep = sweepIndex(
    {
      eventId: event.id,
      listPage: bets.listUnsettledBetsPage,
      prepare: async (listed) => {
        const trophies = await bettorTrophies(event, listed);
        return listed.map((bet) => betSettlement(event, bet, new Date().toISOString(), trophies, replacement));
      },
      commitOne: (bet, socketPosts) => settleBet(event, bet, socketPosts, replacement),
      onBet: options.onBetSettled,
      since: Date.parse(read.decidedAt),
    },
    options,
  );
  const [trophyAwarded, swept] = await Promise.allSettled([trophy, sweep]);
  if (trophyAwarded.status === 'rejected') throw trophyAwarded.reason;
  if (swept.status === 'rejected') throw swept.reason;
  report.settled = swept.value;
  if (!event.settledAt) await eventOutcomes.markSettled(event.id, new Date().toISOString());
  return report;
}

/**
 * Counts the event's accepted bets per team over its unsettled index, stores the split on the event unless
 * a concurrent run stored one first, and answers the split stored. At once, not after the index's lag: no
 * first win notice waits a second for it, at the cost of missing a bet accepted within that lag before
 * the result (the split then counts one bettor fewer); what is stored is the split every settlement and
 * correction pays by, so the bonus stays the same through them. Called only before the event is marked settled; a run only starts
 * settling bets once a split is stored, so the first stored count saw every bet still unsettled.
 * A bet on teams the match no longer has is refunded whatever the result, so it is not counted.
 */
async function countBackersAtResult(event: events.EventRecord): Promise<Record<string, number>> {
  const split: Record<string, number> = Object.fromEntries(event.teamIds.map((teamId) => [teamId, 0]));
  for (const backer of await bets.listEventBackers(event.id)) {
    if (!isOffLineup(event, backer)) split[backer.teamId] = (split[backer.teamId] ?? 0) + 1;
  }
  return eventOutcomes.recordBackersAtResult(event.id, split);
}

// The order of a winning bet's transaction items, for reading which condition failed: the bet, the
// wallet, the bettor's trophy, the payout entry, then an underdog's bonus entry when it has one.
const BET_UPDATE = 0;
const BETTOR_TROPHY = 2;

/** Settles one bet alone; false when it was settled already (by another run, or before a retry). */
async function settleBet(event: events.EventRecord, listed: bets.BetRecord, socketPosts: TaskPool, replacement?: string): Promise<boolean> {
  let bet = listed;
  for (;;) {
    const { items, notice } = betSettlement(event, bet, new Date().toISOString(), await bettorTrophies(event, [bet]), replacement);
    try {
      await commitNotifying(items, [notice], { socketPosts });
      return true;
    } catch (error) {
      if (conditionFailedAt(error, BET_UPDATE)) {
        // Settled already since the (eventually consistent) index listed it: read it again.
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
  const winners = list.filter((bet) => !stakesReturned(event) && bet.teamId === event.winnerTeamId && !isOffLineup(event, bet)).map((bet) => bet.userId);
  if (winners.length === 0) return new Map();
  const profiles = await users.getUsers(winners, true);
  for (const userId of winners) if (!profiles.has(userId)) throw new Error(`Bettor ${userId} of event ${event.id} has no profile`);
  return new Map([...profiles].map(([userId, profile]) => [userId, profile.trophy]));
}

/** The match a correction put in place of a replaced one, as its bettors' notices name it (undefined if none is found). */
async function replacementOf(replacementId: string): Promise<string | undefined> {
  const current = await currentReplacement(replacementId);
  return current && `${await describeMatch(current)}${current.isBetActive ? ', open for bets' : ''}`;
}

/**
 * The bet's settlement by the event's current outcome (a corrected one included: the bet records its
 * generation): its items (the guarded bet update first) and its notice. `replacement` describes the match
 * played in place of a replaced one.
 */
export function betSettlement(event: events.EventRecord, bet: bets.BetRecord, at: string, trophies: Map<string, number>, replacement?: string): BetSettlement {
  const { userId, eventId, teamName, amount } = bet;
  const generation = events.correctionOf(event);
  if (event.replacedBy) return refund(bet, at, notices.matchReplacedRefund(userId, eventId, teamName, amount, at, replacement), generation);
  if (event.isVoid && event.abandoned) return refund(bet, at, notices.abandonedRefund(userId, eventId, teamName, amount, at), generation);
  if (event.isVoid) return refund(bet, at, notices.eventVoided(userId, eventId, teamName, amount, at), generation);
  // A draw has no winner, and a walkover was not played: a match bet's stake comes back (shared/match-results.ts).
  if (event.isDraw) return refund(bet, at, notices.drawRefund(userId, eventId, teamName, amount, at, event.score && describeScore(event.score, 'points')), generation);
  if (event.walkover) return refund(bet, at, notices.walkoverRefund(userId, eventId, teamName, amount, at, bet.teamId === event.winnerTeamId), generation);
  // A bet on teams the organiser has since changed: what it backed is no longer this match.
  if (isOffLineup(event, bet)) return refund(bet, at, notices.lineupChangedRefund(userId, eventId, teamName, amount, at), generation);
  if (bet.teamId !== event.winnerTeamId) {
    return { bet, items: [bets.settleBetItem(bet, 'lost', at, undefined, generation)], notice: notices.betLost(userId, eventId, teamName, amount, at) };
  }
  const payout = payoutFor(amount);
  // A win on the side fewer than UNDERDOG_SHARE of the bettors backed: the bonus, as its own entry.
  const bonus = underdogBonus(event.backersAtResult, bet.teamId);
  return {
    bet,
    items: [
      bets.settleBetItem(bet, 'won', at, payout, generation),
      creditFieldsItem(userId, { coins: payout + bonus, earnings: payout + bonus }),
      users.awardTrophyItem(userId, trophies.get(userId)!),
      ledgerEntryItem({ userId, entryId: payoutEntryId(eventId), kind: 'payout', coins: payout, cashPaise: 0, createdAt: at }),
      ...(bonus > 0 ? [ledgerEntryItem({ userId, entryId: underdogEntryId(eventId), kind: 'underdog-bonus', coins: bonus, cashPaise: 0, createdAt: at })] : []),
    ],
    notice: notices.betWon(userId, eventId, teamName, payout, at, bonus),
  };
}

/** +1 trophy for the winning team, once per event: the event's flag and the team's count in one transaction. */
async function awardTeamTrophy(eventId: string, teamId: string): Promise<void> {
  for (;;) {
    const team = await teams.getTeam(teamId, true);
    if (!team) throw new Error(`Winning team ${teamId} of event ${eventId} does not exist`);
    try {
      await transactWrite([eventOutcomes.teamTrophyOnceItem(eventId, teamId), teams.awardTrophyItem(teamId, team.trophy)]);
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
