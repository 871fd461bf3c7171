// Placing coin bets and reading them back.
import { randomUUID } from 'node:crypto';
import type { BetCreated, BetHistoryItem, BetReceipt, BetTransaction } from '#shared/api.ts';
import type { CreateBetInput } from '#shared/schemas.ts';
import { resultDetailOf } from '#shared/match-results.ts';
import { conditionFailedAt, lostTransactionRace, readTogether, transactWriteUnless, type ItemRead } from '#functions/platform/dynamodb.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import { betEntryId, ledgerEntryItem } from '#functions/data/ledger.ts';
import { teamRead } from '#functions/data/teams.ts';
import { debitItem } from '#functions/data/wallets.ts';
import { betsArePublic, coinStakeProblem, isBettingOpen, payoutFor } from './betting-rules.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { commitNotifying } from '#functions/notifications/notifying-commit.ts';
import { unacceptedRefund } from './refunds.ts';
import { describeReplacement } from './match-descriptions.ts';

// The order of the items in a bet's transaction, for reading which condition failed.
const WALLET_DEBIT = 0;
const BET_PUT = 1;
const LEDGER_PUT = 2;

/**
 * Places a coin bet. Bets on one event share no item and no transaction lock, so a hot event never
 * makes bettors wait on each other; betting closes by the close protocol (docs/architecture.md):
 *  1. read the event (consistent) and check it takes bets, noting its bettingVersion; the team and the
 *     bettor's session (`sessionOpen`, the HTTP handler's) come in the same BatchGetItem;
 *  2. in ONE transaction on the bettor's own items: debit the wallet (never below zero), store the bet
 *     (one per user and event) and its ledger entry;
 *  3. read the event again (consistent): if it is still open with the same version, the bet committed
 *     before any pause, outcome or start, and is accepted; otherwise it is refunded at once and the
 *     bettor told (409). A bet left unaccepted (this function cut off between 2 and 3) is refunded by
 *     settlement, never paid.
 */
export async function placeBet(userId: string, input: CreateBetInput, { sessionOpen, now = new Date() }: { sessionOpen?: ItemRead<boolean>; now?: Date } = {}): Promise<BetCreated> {
  if (input.betWay === 'cash') throw new DomainError('cash-betting-disabled');
  const problem = coinStakeProblem(input.amount);
  if (problem) throw new DomainError(problem);

  // Without `sessionOpen` (a test or a script placing the bet, no HTTP caller) there is no session to check.
  const [event, team, open] = await readTogether([events.eventRead(input.eventId), teamRead(input.teamId), sessionOpen], true);
  if (sessionOpen && open !== true) throw new DomainError('unauthorized');
  if (!event) throw new DomainError('event-not-found');
  // A knockout match still waiting for a side: what it waits for, not that the team does not play in it.
  if (!events.hasBothTeams(event) && event.bracket) {
    const known = team && (event.homeTeamId === team.id || event.awayTeamId === team.id);
    throw new DomainError(known ? 'event-awaiting-opponent' : 'event-awaiting-teams');
  }
  if (!team || !events.playsIn(event, team.id)) throw new DomainError('team-not-in-event');
  if (!isBettingOpen(event, now)) throw new DomainError('betting-closed');

  const createdAt = now.toISOString();
  const bet: bets.BetRecord = {
    userId,
    eventId: event.id,
    teamId: team.id,
    teamName: team.teamName,
    amount: input.amount,
    betWay: 'coin',
    status: 'pending',
    transactionId: randomUUID(),
    isPaid: false,
    createdAt,
    eventVersion: events.bettingVersionOf(event),
  };
  // A double tap (or twenty) sends the same bet at once: the requests that lose the race on the wallet
  // stop retrying once the first one's bet is there, instead of holding its items while it is accepted.
  const betAlreadyPlaced = async () => {
    if (await bets.getBet(userId, event.id)) throw new DomainError('already-bet');
  };
  try {
    await transactWriteUnless(
      [
        debitItem(userId, 'coins', bet.amount),
        bets.newBetItem(bet),
        ledgerEntryItem({ userId, entryId: betEntryId(event.id), kind: 'bet', coins: -bet.amount, cashPaise: 0, createdAt }),
      ],
      betAlreadyPlaced,
    );
  } catch (error) {
    if (conditionFailedAt(error, BET_PUT) || conditionFailedAt(error, LEDGER_PUT)) throw new DomainError('already-bet');
    if (conditionFailedAt(error, WALLET_DEBIT)) throw new DomainError('not-enough-coins');
    if (lostTransactionRace(error)) throw new DomainError('wallet-busy');
    throw error;
  }

  const after = await events.getEvent(event.id, true);
  const stillOpen = after !== undefined && isBettingOpen(after, new Date()) && events.bettingVersionOf(after) === bet.eventVersion;
  if (stillOpen && (await acceptUnlessSettling(bet))) return { betId: event.id };
  await refundUnacceptedBet(bet);
  throw new DomainError('bet-refunded-closed');
}

/**
 * Accepts the bet, unless settlement holds it: a pending bet's item is in no other transaction, and
 * settlement runs only once the event is decided, when it refunds every bet not accepted. So losing
 * that race means betting closed under the bet, never 'try again'.
 */
async function acceptUnlessSettling(bet: bets.BetRecord): Promise<boolean> {
  try {
    return await bets.acceptBet(bet.userId, bet.eventId, new Date().toISOString());
  } catch (error) {
    if (lostTransactionRace(error)) return false;
    throw error;
  }
}

/** Ends the refund's retries: the other side (settlement) refunded the bet first. */
class RefundedElsewhere extends Error {}

/**
 * Gives back the stake of a bet that betting closed under, with its ledger entry and a notice. The
 * bettor and settlement may refund it at once: whichever commits first wins, and the other, finding
 * the bet refunded (its condition, or a read between its retries), has nothing left to do.
 */
async function refundUnacceptedBet(bet: bets.BetRecord): Promise<void> {
  const { items, notice } = unacceptedRefund(bet, new Date().toISOString());
  const stopOnceRefunded = async () => {
    if ((await bets.getBet(bet.userId, bet.eventId))?.status === 'refunded') throw new RefundedElsewhere();
  };
  try {
    await commitNotifying(items, [notice], { beforeRetry: stopOnceRefunded });
  } catch (error) {
    if (error instanceof RefundedElsewhere || conditionFailedAt(error, 0)) return;
    // Still losing races after every retry: settlement holds the bettor's items (its batches do, on a
    // busy machine, for seconds). Once the event is decided it refunds every bet not accepted, this one
    // too, so the stake is safe and the bettor is told betting closed, never 'try again'.
    if (lostTransactionRace(error) && (await events.getEvent(bet.eventId, true))?.decidedAt) return;
    throw error;
  }
}

/** The payment step of the web app's flow: records it and answers the bet's own transaction id. */
export async function recordBetTransaction(userId: string, betId: string): Promise<BetTransaction> {
  const bet = await bets.markBetPaid(userId, betId);
  if (!bet) throw new DomainError('bet-not-found');
  return { transactionId: bet.transactionId };
}

export async function getBetReceipt(userId: string, betId: string): Promise<BetReceipt> {
  const bet = await bets.getBet(userId, betId);
  if (!bet) throw new DomainError('bet-not-found');
  return {
    betway: bet.betWay,
    amount: bet.amount,
    transactionId: bet.transactionId,
    createdAt: bet.createdAt,
    eventId: bet.eventId,
    teamId: bet.teamId,
    teamName: bet.teamName,
    status: bet.status,
    payout: bet.payout ?? payoutFor(bet.amount),
  };
}

/**
 * A refunded bet (voided event) is over and not a win; isRefunded tells it from a lost one. One whose
 * match a correction replaced names the match played in its place.
 */
const historyItem = (bet: bets.BetRecord, event: events.EventRecord | undefined, replacedBy?: string): BetHistoryItem => ({
  _id: bet.eventId,
  createdAt: bet.createdAt,
  teamName: bet.teamName,
  amount: bet.amount,
  isWin: bet.status === 'pending' ? undefined : bet.status === 'won',
  isOver: bet.status !== 'pending',
  betWay: bet.betWay,
  ...(bet.status === 'refunded' && { isRefunded: true as const }),
  ...(replacedBy && { replacedBy }),
  // How its match ended, with the score: 'Draw 1–1' tells why a stake came back.
  ...(event?.decidedAt && !event.replacedBy && { result: resultDetailOf(events.outcomeOf(event)) }),
});

/** For each refunded bet whose match a correction replaced, the match played in its place, described. */
async function replacementsOf(list: bets.BetRecord[], eventsById: Map<string, events.EventRecord>): Promise<Map<string, string>> {
  const replaced = list.flatMap((bet) => {
    const replacedBy = bet.status === 'refunded' ? eventsById.get(bet.eventId)?.replacedBy : undefined;
    return replacedBy ? [{ id: bet.eventId, replacedBy }] : [];
  });
  const described = await Promise.all(replaced.map(async ({ id, replacedBy }) => [id, (await describeReplacement(replacedBy))?.description] as const));
  return new Map(described.flatMap(([id, description]) => (description ? [[id, description] as const] : [])));
}

/** A user's bets, newest first. The bettor sees all of them; anyone else only those betsArePublic allows. */
export async function listBetHistory(viewerId: string, bettorId: string, now = new Date()): Promise<BetHistoryItem[]> {
  let list = await bets.listUserBets(bettorId);
  const eventsById = await events.getEvents(list.map((bet) => bet.eventId));
  if (viewerId !== bettorId) list = list.filter((bet) => betsArePublic(eventsById.get(bet.eventId), now));
  const replacements = await replacementsOf(list, eventsById);
  return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((bet) => historyItem(bet, eventsById.get(bet.eventId), replacements.get(bet.eventId)));
}
