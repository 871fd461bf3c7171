// Placing coin bets and reading them back.
import { randomUUID } from 'node:crypto';
import type { BetCreated, BetHistoryItem, BetReceipt, BetTransaction } from '#shared/api.ts';
import type { CreateBetInput } from '#shared/schemas.ts';
import { resultDetailOf } from '#shared/match-results.ts';
import { backoff, cancellationCodes, lostTransactionRace, nowSeconds, raceDeadline, transactWriteOnce } from '#functions/platform/dynamodb.ts';
import { stillOpenCheck } from '#functions/data/sessions.ts';
import * as gates from '#functions/data/betting-gates.ts';
import * as bets from '#functions/data/bets.ts';
import * as events from '#functions/data/events.ts';
import { betEntryId, ledgerEntryItem } from '#functions/data/ledger.ts';
import { debitItem } from '#functions/data/wallets.ts';
import { betsArePublic, coinStakeProblem, payoutFor } from './betting-rules.ts';
import * as matchNotes from './match-notes.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { describeReplacement } from './match-descriptions.ts';

// The order of the items in a bet's transaction, for reading which condition failed.
const WALLET_DEBIT = 0;
const BET_PUT = 1;
const LEDGER_PUT = 2;
const GATE_CHECK = 3;
const SESSION_CHECK = 4;

/**
 * Places a coin bet in ONE DynamoDB request on its way to success (docs/architecture.md, "Betting on one
 * hot event: a bet in one transaction"): a TransactWriteItems of the bettor's own items (the wallet debit, never below zero; the
 * bet, one per user and event; its ledger entry) with a ConditionCheck of one of the event's betting gates
 * (open, not started, the team one of the two, the lineup the bet records) and, from the HTTP handler,
 * one of the bettor's session (`session`: without it, a test or a script placing the bet, none is
 * checked). A bet that commits is a bet placed while betting was open: every change of the event's
 * betting state closes all its gates before it is written (data/events.ts changingBetting).
 * A refused transaction says why in its cancellation reasons; a gate held by another bet is tried again
 * on another gate at once.
 */
export async function placeBet(
  userId: string,
  input: CreateBetInput,
  { session, now = new Date() }: { session?: { sessionId: string; userId: string }; now?: Date } = {},
): Promise<BetCreated> {
  if (input.betWay === 'cash') throw new DomainError('cash-betting-disabled');
  const problem = coinStakeProblem(input.amount);
  if (problem) throw new DomainError(problem);

  let match = await matchNotes.noteOf(input.eventId, input.teamId, now);
  const createdAt = now.toISOString();
  // A double tap's copies meet on the wallet, a hot event's bets on its gates: waited out while there is time to answer.
  const giveUpAt = raceDeadline();
  const tried = new Set<number>();
  let gatesFollowed = false;
  for (let attempt = 1; ; attempt++) {
    const gate = gates.pickGate(tried);
    const bet: bets.BetRecord = {
      userId,
      eventId: input.eventId,
      teamId: input.teamId,
      teamName: match.teamName,
      amount: input.amount,
      betWay: 'coin',
      status: 'pending',
      transactionId: randomUUID(),
      isPaid: false,
      createdAt,
      eventVersion: match.lineupVersion,
    };
    try {
      await transactWriteOnce([
        debitItem(userId, 'coins', bet.amount),
        bets.newBetItem(bet),
        ledgerEntryItem({ userId, entryId: betEntryId(bet.eventId), kind: 'bet', coins: -bet.amount, cashPaise: 0, createdAt }),
        gates.gateCheckItem(bet.eventId, gate, bet.teamId, match.lineupVersion, Date.now()),
        ...(session ? [stillOpenCheck(session.sessionId, session.userId, nowSeconds())] : []),
      ]);
      return { betId: bet.eventId };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const failed = (index: number) => codes[index] === 'ConditionalCheckFailed';
      if (failed(SESSION_CHECK)) throw new DomainError('unauthorized');
      if (failed(GATE_CHECK)) {
        const next = await afterGateRefused(input, match, gate, gatesFollowed, now);
        gatesFollowed ||= next.followed;
        match = next.match;
        continue;
      }
      if (failed(BET_PUT) || failed(LEDGER_PUT)) throw new DomainError('already-bet');
      if (failed(WALLET_DEBIT)) throw new DomainError('not-enough-coins');
      if (!lostTransactionRace(error)) throw error;
      if (Date.now() > giveUpAt) throw new DomainError('wallet-busy');
      const onlyTheGate = codes.every((code, index) => code === 'None' || (index === GATE_CHECK && code === 'TransactionConflict'));
      if (onlyTheGate) {
        // Another bet holds this gate: another one is very likely free. Once all were tried, pause a moment.
        tried.add(gate);
        if (tried.size >= gates.gateCount()) {
          tried.clear();
          await backoff(Math.min(attempt, 6));
        }
        continue;
      }
      // The bettor's own items are held: a double tap's copies (or a settlement) on the wallet. The copies
      // that lose stop once the first one's bet is there, instead of holding the items again.
      await backoff(Math.min(attempt, 12));
      if (await bets.getBet(userId, input.eventId)) throw new DomainError('already-bet');
    }
  }
}

/**
 * Why the gate refused the bet, as the bettor is told: read from the event itself. When the event takes
 * the bet after all, the gate was behind it (the event just created, or a change cut off half-way): the
 * gates follow the event once, and the bet is tried again; a lineup changed since the match was noted is
 * noted again. Anything else is a change closing betting, which the gate saw first.
 */
async function afterGateRefused(input: CreateBetInput, match: matchNotes.MatchNote, gate: number, followedBefore: boolean, now: Date): Promise<{ match: matchNotes.MatchNote; followed: boolean }> {
  const event = await events.getEvent(input.eventId, true);
  const noted = matchNotes.refusalOf(event, input.teamId, new Date(Math.max(now.getTime(), Date.now())));
  if (noted.refusal || !event || !noted.note) throw new DomainError(noted.refusal ?? 'betting-closed');
  if (noted.note.lineupVersion !== match.lineupVersion) {
    matchNotes.forget(input.eventId, input.teamId);
    return { match: await matchNotes.noteOf(input.eventId, input.teamId, now), followed: followedBefore };
  }
  const held = await gates.getGate(input.eventId, gate);
  const behind = !held || held.version < events.bettingVersionOf(event);
  if (!behind || followedBefore) throw new DomainError('betting-closed');
  await gates.followEvent(event.id, events.gateStateOf(event));
  return { match: noted.note, followed: true };
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
