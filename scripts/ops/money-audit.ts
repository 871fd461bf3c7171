// The operators' audit (npm run ops -- audit): reads the whole table and checks the money rules.
//   - every wallet equals the sum of its ledger (coins, cash; earnings = the payouts, the underdog
//     bonuses and the corrections' changes of them), write-offs included: they are the house's coins;
//   - every bet has its stake entry and is settled at most once, as its ledger says (a won bet one
//     payout, and one underdog bonus when the event's split at its result made its side the underdog
//     (shared/underdog.ts); a refunded one one refund, a lost or pending one neither); a corrected bet's
//     payout, bonus, refund and correction entries add up to what its status is worth (won: the payout
//     and its bonus, refunded: the stake, lost: nothing); a write-off only covers part of a correction's debit, a repayment only part of a
//     correction's credit, and what a bet's write-offs less its repayments leave is the debt the bet
//     records (so the bettor holds what the last outcome alone gives, plus that debt); a settled event has no
//     pending bet and no bet left on an outcome before its last settled correction; only an accepted bet
//     is won or lost (one betting closed under is refunded);
//   - a bettor's trophies are their won bets; a team's are the events it won (counted once each);
//   - a cup pool's stakes have their entries, and a completed share paid each what the pool's arithmetic
//     gives it (scripts/ops/pool-audit.ts);
//   - a prize's reversal takes back exactly that prize, once; its write-off covers part of it, never more;
//     a repayment takes part of the prize it comes from; and a wallet's prize debt is what the write-offs
//     less their repayments leave.
// It reads items by their entity tag, on purpose apart from the entity modules: it checks what they wrote.
import { type Item, recordOf, scanTable } from '#functions/platform/dynamodb.ts';
import type { BetRecord } from '#functions/data/bets.ts';
import type { EventRecord } from '#functions/data/events.ts';
import { betEntryId, correctionEntryId, entryCreditId, entryEventId, type LedgerEntry, payoutEntryId, prizeEntryId, prizeReversalEntryId, refundEntryId, underdogEntryId } from '#functions/data/ledger.ts';
import { underdogBonus } from '#shared/underdog.ts';
import type { TeamRecord } from '#functions/data/teams.ts';
import type { UserRecord } from '#functions/data/users.ts';
import type { WalletRecord } from '#functions/data/wallets.ts';
import { payoutFor } from '../../functions/betting/betting-rules.ts';
import { checkPools } from './pool-audit.ts';

/** A scan is no snapshot: a change committed while it reads can look like a disagreement. */
const AUDIT_READS = 3;

/** What disagrees in the table, one line each (empty when all is well). Only what every read finds is reported. */
export async function auditTable(): Promise<string[]> {
  let problems = checkItems(await readTable());
  for (let read = 2; read <= AUDIT_READS && problems.length > 0; read++) {
    const again = new Set(checkItems(await readTable()));
    problems = problems.filter((problem) => again.has(problem));
  }
  return problems;
}

async function readTable(): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of scanTable()) items.push(...page);
  return items;
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The checks, on a list of items (pure, so they can be tested on their own). */
export function checkItems(items: Item[]): string[] {
  const of = <T>(entity: string) => items.filter((item) => item.entity === entity).map((item) => recordOf<T>(item));
  const wallets = of<WalletRecord & { userId: string }>('wallet');
  const ledger = of<LedgerEntry>('ledger');
  const betList = of<BetRecord>('bet');
  const eventList = of<EventRecord>('event');
  const problems: string[] = [];

  const entries = new Map(ledger.map((entry) => [`${entry.userId}|${entry.entryId}`, entry]));
  const entry = (userId: string, entryId: string) => entries.get(`${userId}|${entryId}`);

  const ledgerByUser = groupBy(ledger, (e) => e.userId);
  for (const wallet of wallets) {
    const own = ledgerByUser.get(wallet.userId) ?? [];
    const sums = {
      coins: own.reduce((sum, e) => sum + e.coins, 0),
      cashPaise: own.reduce((sum, e) => sum + e.cashPaise, 0),
      earnings: own.reduce((sum, e) => sum + (e.kind === 'payout' || e.kind === 'underdog-bonus' ? e.coins : e.kind === 'correction' || e.kind === 'pool-share' ? (e.earnings ?? 0) : 0), 0),
    };
    for (const field of ['coins', 'cashPaise', 'earnings'] as const) {
      if (wallet[field] !== sums[field]) problems.push(`wallet of user ${wallet.userId}: ${field} ${wallet[field]}, its ledger sums to ${sums[field]}`);
    }
  }

  const settledEvents = new Set(eventList.filter((event) => event.settledAt).map((event) => event.id));
  const settledGeneration = new Map(eventList.map((event) => [event.id, event.settledGeneration ?? 0]));
  const splits = new Map(eventList.map((event) => [event.id, event.backersAtResult]));
  const bets = new Map(betList.map((bet) => [`${bet.userId}|${bet.eventId}`, bet]));
  const ofBet = (kind: LedgerEntry['kind']) =>
    groupBy(
      ledger.filter((e) => e.kind === kind),
      (e) => `${e.userId}|${entryEventId(e.entryId)}`,
    );
  const corrections = ofBet('correction');
  const writeOffs = ofBet('write-off');
  const repayments = ofBet('write-off-repayment');
  const sum = (list: LedgerEntry[] | undefined) => (list ?? []).reduce((total, e) => total + e.coins, 0);
  for (const bet of betList) {
    const where = `bet of user ${bet.userId} on event ${bet.eventId}`;
    if (entry(bet.userId, betEntryId(bet.eventId))?.coins !== -bet.amount) problems.push(`${where}: no stake entry of ${-bet.amount} coins`);
    const payout = entry(bet.userId, payoutEntryId(bet.eventId));
    const refund = entry(bet.userId, refundEntryId(bet.eventId));
    const bonus = entry(bet.userId, underdogEntryId(bet.eventId));
    // The underdog bonus a won bet on this side earns, by the split stored at the event's first settlement.
    const wonBonus = underdogBonus(splits.get(bet.eventId), bet.teamId);
    const corrected = corrections.get(`${bet.userId}|${bet.eventId}`) ?? [];
    if (corrected.length === 0) {
      const expected = {
        payout: bet.status === 'won' ? payoutFor(bet.amount) : undefined,
        bonus: bet.status === 'won' && wonBonus > 0 ? wonBonus : undefined,
        refund: bet.status === 'refunded' ? bet.amount : undefined,
      };
      if (payout?.coins !== expected.payout) problems.push(`${where} (${bet.status}): payout entry ${payout?.coins ?? 'none'}, expected ${expected.payout ?? 'none'}`);
      if (bonus?.coins !== expected.bonus) problems.push(`${where} (${bet.status}): underdog bonus entry ${bonus?.coins ?? 'none'}, expected ${expected.bonus ?? 'none'}`);
      if (refund?.coins !== expected.refund) problems.push(`${where} (${bet.status}): refund entry ${refund?.coins ?? 'none'}, expected ${expected.refund ?? 'none'}`);
    } else {
      // The first settlement's entries, then one correction entry per correction since: worth the status now.
      const worth = bet.status === 'won' ? payoutFor(bet.amount) + wonBonus : bet.status === 'refunded' ? bet.amount : 0;
      const total = (payout?.coins ?? 0) + (bonus?.coins ?? 0) + (refund?.coins ?? 0) + corrected.reduce((sum, e) => sum + e.coins, 0);
      if (total !== worth) problems.push(`${where} (${bet.status}, corrected): its payout, underdog bonus, refund and corrections add up to ${total}, expected ${worth}`);
      if (bonus && !payout) problems.push(`${where}: an underdog bonus entry without a payout entry`);
    }
    const debt = sum(writeOffs.get(`${bet.userId}|${bet.eventId}`)) + sum(repayments.get(`${bet.userId}|${bet.eventId}`));
    if (debt !== (bet.writtenOff ?? 0)) problems.push(`${where}: its write-offs less their repayments leave ${debt}, the bet records a debt of ${bet.writtenOff ?? 0}`);
    if (bet.status === 'pending' && settledEvents.has(bet.eventId)) problems.push(`${where}: still pending on a settled event`);
    if (bet.status !== 'pending' && (bet.settledGeneration ?? 0) < (settledGeneration.get(bet.eventId) ?? 0)) {
      problems.push(`${where}: settled by outcome ${bet.settledGeneration ?? 0}, the event's corrected outcome ${settledGeneration.get(bet.eventId)} is settled`);
    }
  }
  const betEntryKinds = new Set(['payout', 'underdog-bonus', 'refund', 'bet', 'correction', 'write-off', 'write-off-repayment']);
  for (const e of ledger.filter((e) => betEntryKinds.has(e.kind) && !bets.has(`${e.userId}|${entryEventId(e.entryId)}`))) {
    problems.push(`ledger entry ${e.entryId} of user ${e.userId}: no such bet`);
  }
  // A write-off covers part of the debit of the correction it goes with (write-off#<eventId>#<n>), never more.
  for (const writeOff of ledger.filter((e) => e.kind === 'write-off')) {
    const [, eventId, generation] = writeOff.entryId.split('#');
    const debit = -(entry(writeOff.userId, correctionEntryId(eventId, Number(generation)))?.coins ?? 0);
    if (!(writeOff.coins > 0 && writeOff.coins <= debit)) problems.push(`ledger entry ${writeOff.entryId} of user ${writeOff.userId}: writes off ${writeOff.coins} of a correction debit of ${debit}`);
  }
  // A repayment takes part of the credit of the correction it goes with, never more.
  for (const repayment of ledger.filter((e) => e.kind === 'write-off-repayment')) {
    const [, eventId, generation] = repayment.entryId.split('#');
    const credit = entry(repayment.userId, correctionEntryId(eventId, Number(generation)))?.coins ?? 0;
    if (!(repayment.coins < 0 && -repayment.coins <= credit)) problems.push(`ledger entry ${repayment.entryId} of user ${repayment.userId}: repays ${-repayment.coins} of a correction credit of ${credit}`);
  }

  // The daily allowance: house money in, like the welcome grant (the wallet sums above include it), one
  // entry per UTC day named by that day, some coins and no cash.
  for (const allowance of ledger.filter((e) => e.kind === 'allowance')) {
    const day = /^allowance#(\d{4}-\d{2}-\d{2})$/.exec(allowance.entryId)?.[1];
    if (!day || !allowance.createdAt.startsWith(day) || !(allowance.coins > 0) || allowance.cashPaise !== 0) {
      problems.push(`ledger entry ${allowance.entryId} of user ${allowance.userId}: not a daily allowance of coins on its day (${allowance.coins} coins, ${allowance.cashPaise} paise, ${allowance.createdAt})`);
    }
  }

  const wins = groupBy(betList.filter((bet) => bet.status === 'won'), (bet) => bet.userId);
  for (const user of of<UserRecord>('user')) {
    const won = wins.get(user.id)?.length ?? 0;
    if (user.trophy !== won) problems.push(`user ${user.id}: ${user.trophy} trophies, ${won} bets won`);
  }
  const teamWins = groupBy(eventList.filter((event) => event.winnerTeamId && event.teamTrophyAwarded), (event) => event.winnerTeamId!);
  for (const team of of<TeamRecord>('team')) {
    const won = teamWins.get(team.id)?.length ?? 0;
    if (team.trophy !== won) problems.push(`team ${team.id}: ${team.trophy} trophies, ${won} matches won`);
  }
  for (const event of eventList.filter((event) => event.settledAt && event.winnerTeamId && !event.teamTrophyAwarded)) {
    problems.push(`event ${event.id}: settled, its winner's trophy not counted`);
  }
  problems.push(...prizeReversalProblems(ledger, items, entry));
  return problems;
}

/** Prizes reversed: each reversal the negative of its prize; write-offs and repayments within their prize; the wallets' prize debts. */
function prizeReversalProblems(ledger: LedgerEntry[], items: Item[], entry: (userId: string, entryId: string) => LedgerEntry | undefined): string[] {
  const problems: string[] = [];
  const creditIdOf = (e: LedgerEntry) => entryCreditId(e.entryId);
  const within = (part: LedgerEntry, whole: LedgerEntry | undefined, sign: 1 | -1) =>
    whole !== undefined && (['coins', 'cashPaise'] as const).every((field) => sign * part[field] >= 0 && sign * part[field] <= Math.abs(whole[field]));
  for (const reversal of ledger.filter((e) => e.kind === 'prize-reversal')) {
    const prize = entry(reversal.userId, prizeEntryId(creditIdOf(reversal)));
    if (!prize || reversal.coins !== -prize.coins || reversal.cashPaise !== -prize.cashPaise) {
      problems.push(`ledger entry ${reversal.entryId} of user ${reversal.userId}: takes back ${-reversal.coins} coins and ${-reversal.cashPaise} paise, the prize was ${prize ? `${prize.coins} coins and ${prize.cashPaise} paise` : 'none'}`);
    }
  }
  for (const writeOff of ledger.filter((e) => e.kind === 'prize-write-off')) {
    if (!within(writeOff, entry(writeOff.userId, prizeReversalEntryId(creditIdOf(writeOff))), 1)) problems.push(`ledger entry ${writeOff.entryId} of user ${writeOff.userId}: writes off more than its reversal`);
  }
  for (const repayment of ledger.filter((e) => e.kind === 'prize-write-off-repayment')) {
    if (!within(repayment, entry(repayment.userId, prizeEntryId(creditIdOf(repayment))), -1)) problems.push(`ledger entry ${repayment.entryId} of user ${repayment.userId}: repays more than its prize`);
  }
  const debtEntries = groupBy(
    ledger.filter((e) => e.kind === 'prize-write-off' || e.kind === 'prize-write-off-repayment'),
    (e) => e.userId,
  );
  for (const wallet of items.filter((item) => item.entity === 'wallet')) {
    const own = debtEntries.get(wallet.userId as string) ?? [];
    const owed = { coins: own.reduce((sum, e) => sum + e.coins, 0), cashPaise: own.reduce((sum, e) => sum + e.cashPaise, 0) };
    const recorded = { coins: (wallet.prizeDebtCoins as number | undefined) ?? 0, cashPaise: (wallet.prizeDebtPaise as number | undefined) ?? 0 };
    if (owed.coins !== recorded.coins || owed.cashPaise !== recorded.cashPaise) {
      problems.push(`wallet of user ${wallet.userId as string}: prize debt ${recorded.coins} coins and ${recorded.cashPaise} paise, its write-offs less repayments leave ${owed.coins} coins and ${owed.cashPaise} paise`);
    }
  }
  // The cup pools: each stake's entries, and every completed share against the pool's arithmetic.
  problems.push(...checkPools(items, ledger));
  return problems;
}
