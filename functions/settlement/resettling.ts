// Re-settling the bets of a corrected event (corrections.ts records the correction): every accepted bet
// moves to the new outcome with compensating ledger entries (never an edit or a delete): a payout taken
// back, a payout or refund added, a stake taken again. A debit takes at most what the bettor has; the
// house writes off the rest as its own entry, so no balance goes below zero, and a later credit to the
// same bet pays that write-off back first. Each bet records the generation it is settled by, so a
// retried, doubled or killed run moves every bet once.
// No HTTP and no queue in here: the worker and the tests call it alike.
import { MSG } from '#shared/messages.ts';
import { type EventOutcome, stakesReturned } from '#shared/match-results.ts';
import type { TaskPool } from '#functions/platform/concurrency.ts';
import { cancellationCodes, conditionFailedAt } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import * as eventOutcomes from '#functions/data/event-outcomes.ts';
import { correctionEntryId, ledgerEntryItem, writeOffEntryId, writeOffRepaymentEntryId } from '#functions/data/ledger.ts';
import * as users from '#functions/data/users.ts';
import * as wallets from '#functions/data/wallets.ts';
import { isOffLineup, payoutFor } from '#functions/betting/betting-rules.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import type { Notice } from '#functions/notifications/notice-texts.ts';
import type { BetSettlement } from '#functions/betting/refunds.ts';
import { underdogBonus } from '#shared/underdog.ts';
import { sweepIndex } from './index-sweep.ts';
import { settleEvent } from './settling.ts';

export interface CorrectOptions {
  /** Stops starting bets once aborted (the worker's time budget); correctEvent then rejects. */
  signal?: AbortSignal;
  /** Called after each bet this run corrected. */
  onBetCorrected?: (bet: bets.BetRecord) => void;
  /** Transactions in flight at once (default SETTLE_CONCURRENCY). */
  concurrency?: number;
  /** Items per transaction (default and at most DynamoDB's limit). */
  maxTransactItems?: number;
  /** The late sweep: look again for bets left behind even once the correction is marked settled. */
  sweep?: boolean;
}

export interface CorrectionReport {
  eventId: string;
  generation: number;
  /** Bets this run moved to the corrected outcome. */
  corrected: number;
}

/**
 * Re-settles every bet of the event by its current (corrected) outcome, then marks the correction
 * settled. Bets still pending are settled directly by the new outcome; settled ones still on an earlier
 * generation get their compensating entries. Safe to run again, twice at once, or after a run died.
 */
export async function correctEvent(eventId: string, options: CorrectOptions = {}): Promise<CorrectionReport> {
  const event = await events.getEvent(eventId, true);
  if (!event) throw new DomainError('event-not-found');
  const generation = events.correctionOf(event);
  const report: CorrectionReport = { eventId, generation, corrected: 0 };
  if (generation === 0 || (events.isFullySettled(event) && !options.sweep)) return report;

  // A bet still pending (one a late sweep had not reached) is settled by the corrected outcome at once.
  await settleEvent(eventId, { sweep: true, signal: options.signal, concurrency: options.concurrency });
  // A correction recorded by a clock ahead of this one (a test's) counts as recorded now.
  const recordedAt = Math.min(Date.parse(event.corrections!.at(-1)!.at), Date.now());
  report.corrected = await sweepIndex(
    {
      eventId: event.id,
      listPage: bets.listSettledBetsPage,
      prepare: (listed) => betCorrections(event, listed.filter((bet) => isBehind(bet, generation))),
      commitOne: (bet, socketPosts) => correctBet(event, bet, socketPosts),
      onBet: options.onBetCorrected,
      since: recordedAt,
    },
    options,
  );
  await eventOutcomes.markCorrectionSettled(eventId, generation);
  return report;
}

/** A bet the correction must move: settled, and on an earlier outcome. */
const isBehind = (bet: bets.BetRecord, generation: number) => bet.status !== 'pending' && bets.settledGenerationOf(bet) < generation;

/** The corrections of these bets, with their bettors' coins and trophies read just now (consistently). */
async function betCorrections(event: events.EventRecord, list: bets.BetRecord[]): Promise<BetSettlement[]> {
  if (list.length === 0) return [];
  const userIds = list.map((bet) => bet.userId);
  const [coins, profiles] = await Promise.all([wallets.getWallets(userIds, true), users.getUsers(userIds, true)]);
  const at = new Date().toISOString();
  return list.map((bet) => betCorrection(event, bet, at, coins.get(bet.userId)!.coins, profiles.get(bet.userId)?.trophy ?? 0));
}

/**
 * What a settled bet is worth to its bettor: the coins it brought back, the earnings, the trophy. A won
 * bet on the underdog side (by the split stored at the first settlement) is worth its bonus too, so a
 * correction takes back or adds payout and bonus together.
 */
function valueOf(status: bets.SettledStatus, stake: number, bonus: number) {
  if (status === 'won') return { coins: payoutFor(stake) + bonus, earnings: payoutFor(stake) + bonus, trophy: 1 };
  if (status === 'refunded') return { coins: stake, earnings: 0, trophy: 0 };
  return { coins: 0, earnings: 0, trophy: 0 };
}

/** The status an accepted bet has under `outcome`. */
const statusUnder = (outcome: EventOutcome, bet: bets.BetRecord): bets.SettledStatus =>
  stakesReturned(outcome) ? 'refunded' : bet.teamId === outcome.winnerTeamId ? 'won' : 'lost';

/** The status an accepted bet has under the event's current outcome: refunded whatever it is when the bet is off the match's lineup (settling.ts). */
const statusOf = (event: events.EventRecord, bet: bets.BetRecord): bets.SettledStatus => (isOffLineup(event, bet) ? 'refunded' : statusUnder(events.outcomeOf(event), bet));

/**
 * One bet moved from its status to the one of the event's current outcome: the guarded bet update
 * first, then the wallet (guarded by the coins read: `coinsNow`), the correction entry, the trophy
 * (guarded by `trophyNow`), and the notice. A debit takes at most what the bettor has: the house writes
 * off the rest, and the bet carries it as a debt. A credit repays that debt first (its own entry), so
 * after any sequence of corrections the bettor holds what the last outcome alone gives them.
 */
export function betCorrection(event: events.EventRecord, bet: bets.BetRecord, at: string, coinsNow: number, trophyNow: number): BetSettlement {
  const generation = events.correctionOf(event);
  const from = bet.status as bets.SettledStatus;
  const to = statusOf(event, bet);
  const bonus = underdogBonus(event.backersAtResult, bet.teamId);
  const before = valueOf(from, bet.amount, bonus);
  const after = valueOf(to, bet.amount, bonus);
  const change = { coins: after.coins - before.coins, earnings: after.earnings - before.earnings };
  const debt = bet.writtenOff ?? 0;
  const writeOff = Math.max(0, -change.coins - coinsNow);
  const repayment = Math.min(debt, Math.max(0, change.coins));
  const { userId, eventId } = bet;
  const trophy = after.trophy - before.trophy;
  return {
    bet,
    items: [
      bets.correctBetItem(bet, to, generation, at, to === 'won' ? payoutFor(bet.amount) : undefined, debt + writeOff - repayment),
      wallets.adjustCoinsItem(userId, { coins: change.coins + writeOff - repayment, earnings: change.earnings }, coinsNow),
      ledgerEntryItem({ userId, entryId: correctionEntryId(eventId, generation), kind: 'correction', coins: change.coins, earnings: change.earnings, cashPaise: 0, createdAt: at }),
      ...(writeOff > 0 ? [ledgerEntryItem({ userId, entryId: writeOffEntryId(eventId, generation), kind: 'write-off', coins: writeOff, cashPaise: 0, createdAt: at })] : []),
      ...(repayment > 0 ? [ledgerEntryItem({ userId, entryId: writeOffRepaymentEntryId(eventId, generation), kind: 'write-off-repayment', coins: -repayment, cashPaise: 0, createdAt: at })] : []),
      ...(trophy > 0 ? [users.awardTrophyItem(userId, trophyNow)] : trophy < 0 ? [users.takeBackTrophyItem(userId, trophyNow)] : []),
    ],
    notice: isOffLineup(event, bet)
      ? offLineupNotice(bet, generation, at)
      : from === to
        ? unchangedNotice(bet, to, generation, at)
        : correctionNotice(event, bet, to, { change: change.coins, writeOff, repayment }, generation, at, bonus),
  };
}

const coinsText = (coins: number) => `${coins} coin${coins === 1 ? '' : 's'}`;

/** The coins a correction moved for one bet: its signed change, and the parts the house wrote off or got back. */
interface CoinMove {
  change: number;
  writeOff: number;
  repayment: number;
}

/** What changed for the bettor, in words: the new outcome of their bet and the coins it moved. */
function correctionNotice(event: events.EventRecord, bet: bets.BetRecord, to: bets.SettledStatus, { change, writeOff, repayment }: CoinMove, generation: number, createdAt: string, bonus: number): Notice {
  const why = event.isDraw ? 'ended drawn' : event.walkover ? 'was not played (a walkover)' : 'was voided';
  const outcome =
    to === 'refunded'
      ? `The match of your bet on ${bet.teamName} ${why}, so your ${coinsText(bet.amount)} stake counts as refunded.`
      : to === 'won'
        ? `${bet.teamName} won after all: your bet pays ${coinsText(payoutFor(bet.amount))}${bonus > 0 ? ` plus a ${bonus}-coin underdog bonus` : ''}.`
        : `${bet.teamName} did not win after all: your ${coinsText(bet.amount)} bet is lost.`;
  const money =
    repayment > 0
      ? change > repayment
        ? `${coinsText(change - repayment)} were added to your wallet; the other ${coinsText(repayment)} paid back coins written off for you earlier.`
        : `The ${coinsText(change)} paid back coins written off for you earlier, so your wallet is unchanged.`
      : change > 0
        ? `${coinsText(change)} were added to your wallet.`
        : writeOff > 0
          ? `${coinsText(-change - writeOff)} were taken from your wallet; the other ${coinsText(writeOff)} you had already spent were written off.`
          : `${coinsText(-change)} were taken from your wallet.`;
  return { userId: bet.userId, causeId: correctionEntryId(bet.eventId, generation), subject: MSG.resultCorrectedSubject, description: `${outcome} ${money}`, createdAt };
}

/** A correction that leaves the bet as it was (a score, or one refund for another): nothing moves, and the bettor is told so. */
function unchangedNotice(bet: bets.BetRecord, status: bets.SettledStatus, generation: number, createdAt: string): Notice {
  const stands = status === 'won' ? 'still wins' : status === 'lost' ? 'is still lost' : 'stays refunded';
  const description = `The result of the match of your bet on ${bet.teamName} was corrected. Your ${coinsText(bet.amount)} bet ${stands}: nothing changes in your wallet.`;
  return { userId: bet.userId, causeId: correctionEntryId(bet.eventId, generation), subject: MSG.resultCorrectedSubject, description, createdAt };
}

/** A bet on teams the match no longer has stays refunded through every correction: nothing moves, and the bettor is told so. */
function offLineupNotice(bet: bets.BetRecord, generation: number, createdAt: string): Notice {
  const description = `The result of the match of your bet on ${bet.teamName} was corrected. Its teams had changed after you bet, so your ${coinsText(bet.amount)} stake stays refunded.`;
  return { userId: bet.userId, causeId: correctionEntryId(bet.eventId, generation), subject: MSG.resultCorrectedSubject, description, createdAt };
}

// The order of a correction's transaction items, for reading which condition failed.
const BET_UPDATE = 0;

/** Corrects one bet alone, reading again whatever moved; false when it was corrected already. */
async function correctBet(event: events.EventRecord, listed: bets.BetRecord, socketPosts: TaskPool): Promise<boolean> {
  let bet = listed;
  for (;;) {
    const [correction] = await betCorrections(event, [bet]);
    try {
      await commitNotifying(correction.items, [correction.notice], { socketPosts });
      return true;
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      if (conditionFailedAt(error, BET_UPDATE)) {
        const current = await bets.getBet(bet.userId, bet.eventId);
        if (!current || !isBehind(current, events.correctionOf(event))) return false;
        bet = current;
      }
      // Otherwise the coins or the trophy count moved (a bet, another settlement): read again and retry.
    }
  }
}
