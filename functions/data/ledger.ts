// Ledger entries: every balance change, written in the same TransactWrite as the wallet update.
// The entry id is deterministic ('welcome', 'bet#<eventId>', 'payout#<eventId>', 'underdog-bonus#<eventId>', 'refund#<eventId>',
// 'withdrawal#<id>', 'withdrawal-refund#<id>', 'prize#<creditId>', 'correction#<eventId>#<n>',
// 'write-off#<eventId>#<n>', 'write-off-repayment#<eventId>#<n>', 'prize-reversal#<creditId>',
// 'prize-write-off#<creditId>', 'prize-write-off-repayment#<creditId>'), and the Put is conditional, so a retried or repeated change cannot apply twice.
// The daily allowance's id is 'allowance#<yyyy-mm-dd>' (its UTC day), so it pays at most once a day.
// Access patterns:
//   record a balance change          -> Put      pk=USER#<id>  sk=LEDGER#<entryId>  attribute_not_exists
//   a user's ledger                  -> Query    pk=USER#<id>  sk begins_with LEDGER#
//   is there this entry? (allowance) -> GetItem  pk=USER#<id>  sk=LEDGER#<entryId>
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, recordOf, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

/**
 * 'correction': what a corrected result changes for one bet (signed; a win taken back also lowers the
 * earnings). 'write-off': the part of a correction's debit the bettor no longer had, given by the house
 * so that no balance goes below zero; it stays a debt of that bet. 'write-off-repayment': the part of a
 * later correction's credit to the same bet that pays that debt back to the house (negative).
 * 'prize-reversal': a prize credited by mistake, taken back whole (negative coins and cash).
 * 'prize-write-off': the part of a reversal the user no longer had, given by the house so that no balance
 * goes below zero; it stays the user's prize debt (the wallet's prizeDebtCoins, prizeDebtPaise).
 * 'prize-write-off-repayment': the part of a later prize that pays that debt back first (negative).
 * 'underdog-bonus': the bonus a won bet on the underdog side earns at its first settlement, beside its
 * payout (shared/underdog.ts); a correction moves it inside its own 'correction' entry.
 * The tournament-winner pool's: 'pool-stake' (a stake, negative), 'pool-stake-refund' (a stake given back
 * as the pool closed under it), 'pool-share' (what a share of the pool changes for one stake, signed: its
 * share, its stake back, or a re-share's difference), 'pool-write-off' and 'pool-write-off-repayment' (as
 * a correction's, for a re-share that takes back coins already spent).
 */
export type LedgerKind =
  | 'welcome'
  | 'allowance'
  | 'bet'
  | 'payout'
  | 'underdog-bonus'
  | 'refund'
  | 'withdrawal'
  | 'withdrawal-refund'
  | 'prize'
  | 'correction'
  | 'write-off'
  | 'write-off-repayment'
  | 'prize-reversal'
  | 'prize-write-off'
  | 'prize-write-off-repayment'
  | 'pool-stake'
  | 'pool-stake-refund'
  | 'pool-share'
  | 'pool-write-off'
  | 'pool-write-off-repayment';

export interface LedgerEntry {
  userId: string;
  entryId: string;
  kind: LedgerKind;
  /** Signed changes: a debit is negative. */
  coins: number;
  cashPaise: number;
  createdAt: string;
  /** Why (a prize's reason). */
  note?: string;
  /** A correction's change of the earnings (a payout taken back or added). */
  earnings?: number;
  /** The operator who made it (a prize's reversal). */
  by?: string;
}

export const WELCOME_ENTRY_ID = 'welcome';
/** One stake per user and event, so the event names the entry. */
export const betEntryId = (eventId: string) => `bet#${eventId}`;
/** A won bet's payout and a voided event's refund: at most one of each per bet. */
export const payoutEntryId = (eventId: string) => `payout#${eventId}`;
export const refundEntryId = (eventId: string) => `refund#${eventId}`;
/** A won underdog bet's bonus, written with its payout at the first settlement: at most one per bet. */
export const underdogEntryId = (eventId: string) => `underdog-bonus#${eventId}`;
export const withdrawalEntryId = (withdrawalId: string) => `withdrawal#${withdrawalId}`;
export const withdrawalRefundEntryId = (withdrawalId: string) => `withdrawal-refund#${withdrawalId}`;
export const prizeEntryId = (creditId: string) => `prize#${creditId}`;
/** A prize's reversal and the part of it written off: at most one each per prize. */
export const prizeReversalEntryId = (creditId: string) => `prize-reversal#${creditId}`;
export const prizeWriteOffEntryId = (creditId: string) => `prize-write-off#${creditId}`;
/** The part of the prize `creditId` that repaid an earlier prize debt. */
export const prizeRepaymentEntryId = (creditId: string) => `prize-write-off-repayment#${creditId}`;
/** The daily top-up of a UTC day (yyyy-mm-dd): one per user and day. */
export const allowanceEntryId = (utcDay: string) => `allowance#${utcDay}`;
/** Correction `generation` of the event, for one bet: at most one of each per bet and generation. */
export const correctionEntryId = (eventId: string, generation: number) => `correction#${eventId}#${generation}`;
export const writeOffEntryId = (eventId: string, generation: number) => `write-off#${eventId}#${generation}`;
export const writeOffRepaymentEntryId = (eventId: string, generation: number) => `write-off-repayment#${eventId}#${generation}`;
/** A pool stake (one per bettor, tournament and team) and its refund as the pool closed under it. */
export const poolStakeEntryId = (tournamentId: string, teamId: string) => `pool-stake#${tournamentId}#${teamId}`;
export const poolStakeRefundEntryId = (tournamentId: string, teamId: string) => `pool-stake-refund#${tournamentId}#${teamId}`;
/** Share `version` of the pool, for one stake: at most one of each per stake and version. */
export const poolShareEntryId = (tournamentId: string, teamId: string, version: number) => `pool-share#${tournamentId}#${teamId}#${version}`;
export const poolWriteOffEntryId = (tournamentId: string, teamId: string, version: number) => `pool-write-off#${tournamentId}#${teamId}#${version}`;
export const poolWriteOffRepaymentEntryId = (tournamentId: string, teamId: string, version: number) => `pool-write-off-repayment#${tournamentId}#${teamId}#${version}`;
/** The event a bet's entry belongs to (bet, payout, underdog bonus, refund, correction, write-off, repayment): the id's second part. */
export const entryEventId = (entryId: string) => entryId.split('#')[1];
/** The creditId of a prize's entry, its reversal's, or their write-off's or repayment's. */
export const entryCreditId = (entryId: string) => entryId.slice(entryId.indexOf('#') + 1);

export function ledgerEntryItem(entry: LedgerEntry): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { pk: userPk(entry.userId), sk: `LEDGER#${entry.entryId}`, entity: 'ledger', ...entry },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getLedgerEntry(userId: string, entryId: string): Promise<LedgerEntry | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: `LEDGER#${entryId}` }, ConsistentRead: true }));
  return Item && recordOf<LedgerEntry>(Item);
}

export async function hasLedgerEntry(userId: string, entryId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: `LEDGER#${entryId}` }, ConsistentRead: true }));
  return Item !== undefined;
}

export async function listLedger(userId: string): Promise<LedgerEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':ledger': 'LEDGER#' },
    ConsistentRead: true,
  });
  return items.map((item) => recordOf<LedgerEntry>(item));
}
