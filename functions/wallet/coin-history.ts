// The coin history (GET /wallet/ledger): the caller's ledger entries newest first, a page at a time,
// each with the balances once it applied.
import type { LedgerEntryView, LedgerLink, LedgerPage } from '#shared/api.ts';
import { ledgerCursor, type LedgerQuery } from '#shared/schemas.ts';
import * as ledger from '#functions/data/ledger.ts';
import { paiseToRupees } from '#shared/money.ts';

/**
 * Where an entry of these kinds leads: its id is '<kind>#<id of the bet's event or the withdrawal>[#…]'
 * (functions/data/ledger.ts). Other kinds, and kinds added later, have no link.
 */
const betLink = (eventId: string): LedgerLink => ({ type: 'bet', eventId });
const withdrawalLink = (withdrawalId: string): LedgerLink => ({ type: 'withdrawal', withdrawalId });
const LINKS: Partial<Record<string, (id: string) => LedgerLink>> = {
  bet: betLink,
  payout: betLink,
  'underdog-bonus': betLink,
  refund: betLink,
  correction: betLink,
  'write-off': betLink,
  'write-off-repayment': betLink,
  withdrawal: withdrawalLink,
  'withdrawal-refund': withdrawalLink,
};

function linkOf({ kind, entryId }: { kind: string; entryId: string }): LedgerLink | null {
  const id = entryId.split('#')[1];
  const link = LINKS[kind];
  return link && id ? link(id) : null;
}

/**
 * Entries one transaction writes share their time; listed in the order they apply, no balance shown
 * dips below what the wallet ever held: the house's write-off before the correction debit it covers,
 * a repayment after the correction credit it comes from. Other kinds never share a transaction.
 */
const APPLIED_RANK: Partial<Record<string, number>> = { 'write-off': -1, 'write-off-repayment': 1, 'prize-write-off': -1, 'prize-write-off-repayment': 1 };
const appliedRank = (entryId: string) => APPLIED_RANK[entryId.split('#')[0]] ?? 0;

/** Oldest first: by time, then as applied, then by id, so entries of the same millisecond keep one order across pages. */
const byTime = (a: { createdAt: string; entryId: string }, b: { createdAt: string; entryId: string }) =>
  a.createdAt.localeCompare(b.createdAt) || appliedRank(a.entryId) - appliedRank(b.entryId) || a.entryId.localeCompare(b.entryId);

/**
 * One page of the user's coin history. The balance after an entry is the sum of every entry up to it
 * (the wallet is the sum of its ledger, which `npm run ops -- audit` checks), so each page reads the
 * user's whole ledger: one consistent Query under the user's own partition (a few hundred entries a
 * year fit in one 1 MB page), sorted here by time, since the entry ids are not.
 */
export async function coinHistoryPage(userId: string, { cursor, limit }: LedgerQuery): Promise<LedgerPage> {
  const entries = (await ledger.listLedger(userId)).sort(byTime);
  let coins = 0;
  let cashPaise = 0;
  const views = entries.map((entry): LedgerEntryView => {
    coins += entry.coins;
    cashPaise += entry.cashPaise;
    return {
      _id: entry.entryId,
      kind: entry.kind,
      coins: entry.coins,
      cash: paiseToRupees(entry.cashPaise),
      coinsAfter: coins,
      cashAfter: paiseToRupees(cashPaise),
      createdAt: entry.createdAt,
      note: entry.note ?? null,
      link: linkOf(entry),
    };
  });
  const newestFirst = views.reverse();
  const start = cursor ? newestFirst.findIndex((view) => byTime({ createdAt: view.createdAt, entryId: view._id }, cursor) < 0) : 0;
  const page = start < 0 ? [] : newestFirst.slice(start, start + limit);
  const hasMore = start >= 0 && start + limit < newestFirst.length;
  return { entries: page, nextCursor: hasMore ? ledgerCursor(page.at(-1)!) : null };
}
