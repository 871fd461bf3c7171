// Bets, under the bettor's partition (a hot event never makes a hot partition). A user has at most
// one bet per event, so the event id is the bet's id within its bettor's bets, and the key itself
// refuses a second bet.
// Access patterns:
//   place a bet (one per user/event) -> Put pk=USER#<id>  sk=BET#<eventId>  attribute_not_exists, in the
//                                       TransactWrite that debits the wallet, writes the ledger and checks the
//                                       session and one of the event's betting gates (betting-gates.ts): bets
//                                       on one event share no item but, now and then, a gate
//   get one of a user's bets         -> GetItem  pk=USER#<id>  sk=BET#<eventId>  (consistent read)
//   a user's bets                    -> Query    pk=USER#<id>  sk begins_with BET#
//   some users' bets on some events  -> BatchGet pk=USER#<id>  sk=BET#<eventId>  (a group's picks: its members
//                                       times the matches of a list of cards)
//   record the payment step          -> Update BET attribute_exists (isPaid)
//   an event's unsettled bets,       -> Query gsi1  gsi1pk=EVENT#<eventId>#BETS#<shard>  gsi1sk=USER#<id>, for each
//   in pages (settlement)               of BET_INDEX_SHARDS shards (the bettor's id picks one, so one hot event
//                                       spreads its index writes over that many partitions); sparse: settling
//                                       a bet removes its gsi1 keys, so a pass reads only what is left to do
//   settle once                      -> Update BET with condition status = 'pending', in the TransactWrite of
//                                       its payout or refund;
//                                       it records the outcome's generation (settledGeneration) and moves the
//                                       bet to the settled index
//   who backed which team, when the  -> Query gsi1 each shard in turn, projecting teamId and eventVersion
//   result first settles (underdog)     only (listEventBackers): before any bet of the event is settled, all are there
//   has the event any bet? (a match  -> Query gsi1 and gsi2, Limit 1, each shard of both (eventHasBets)
//   edited or deleted)
//   an event's settled bets, in      -> Query gsi2  gsi2pk=EVENT#<eventId>#SETTLED#<shard>  gsi2sk=USER#<id>, each
//   pages (corrections, export)         shard in turn; written by settlement, after betting closed, so the hot
//                                       minutes before a match write no more index entries than before
//   correct once                     -> Update BET with condition: its status and settledGeneration as read,
//                                       in the TransactWrite of its compensating entries
//   backfill the settled index (ops) -> Scan for settled bets without gsi2pk (settled before the index
//                                       existed), then Update BET SET gsi2 keys only if still settled and unindexed
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BetWay } from '#shared/api.ts';
import { batchGetAll, db, type Item, isConditionFailed, queryAll, queryPage, recordOf, tableName, type TransactItem, updateExisting } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

/** 'refunded': the event was voided and the stake given back. */
export type BetStatus = 'pending' | 'won' | 'lost' | 'refunded';

export interface BetRecord {
  userId: string;
  eventId: string;
  teamId: string;
  /** The team's name when the bet was placed, for the history. */
  teamName: string;
  amount: number;
  betWay: BetWay;
  status: BetStatus;
  transactionId: string;
  isPaid: boolean;
  createdAt: string;
  /**
   * The match's lineup the bet was placed under (its lineupVersion, which the bet's gate checked; 0 for
   * teams never changed): a bet on an earlier lineup is refunded (shared/match-bets.ts isOffLineup).
   */
  eventVersion: number;
  /** When it was settled, and what a won bet paid. */
  settledAt?: string;
  payout?: number;
  /**
   * Which of the event's outcomes the bet is settled by: 0 (or absent) the first result, n the n-th
   * correction. A correction moves only bets still on an earlier one, so it applies once per bet.
   */
  settledGeneration?: number;
  /** When a correction last moved it. */
  correctedAt?: string;
  /**
   * Coins the house wrote off for this bet (a correction took back more than the bettor had) and not
   * yet paid back: a later correction in the bettor's favour repays it before crediting the wallet.
   */
  writtenOff?: number;
}

const betKey = (userId: string, eventId: string) => ({ pk: userPk(userId), sk: `BET#${eventId}` });

/**
 * Partitions of an event's bets index. One index partition takes ~1,000 writes/s, and every bet writes
 * its index entry twice (placed, accepted): 16 shards keep one event's index under its limit up to
 * ~8,000 bets/s (docs/deploy.md, capacity).
 */
export const BET_INDEX_SHARDS = 16;
/** The bettor's shard: a stable hash of the user id (FNV-1a), so a bet never moves between shards. */
export function betIndexShard(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BET_INDEX_SHARDS;
}
const eventBetsPk = (eventId: string, shard: number) => `EVENT#${eventId}#BETS#${shard}`;
const settledBetsPk = (eventId: string, shard: number) => `EVENT#${eventId}#SETTLED#${shard}`;
const settledBetsKeys = (bet: Pick<BetRecord, 'userId' | 'eventId'>) => ({ gsi2pk: settledBetsPk(bet.eventId, betIndexShard(bet.userId)), gsi2sk: userPk(bet.userId) });

const toRecord = (item: Item) => recordOf<BetRecord>(item);

export function newBetItem(bet: BetRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...betKey(bet.userId, bet.eventId), entity: 'bet', ...bet, gsi1pk: eventBetsPk(bet.eventId, betIndexShard(bet.userId)), gsi1sk: userPk(bet.userId) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getBet(userId: string, eventId: string): Promise<BetRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: betKey(userId, eventId), ConsistentRead: true }));
  return Item && toRecord(Item);
}

/** The bets that exist among these bettors' bets on these events (any order). */
export async function getBets(wanted: Pick<BetRecord, 'userId' | 'eventId'>[]): Promise<BetRecord[]> {
  const items = await batchGetAll(wanted.map((bet) => betKey(bet.userId, bet.eventId)));
  return items.map(toRecord);
}

export async function listUserBets(userId: string): Promise<BetRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :bets)',
    ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': userPk(userId), ':bets': 'BET#' },
  });
  return items.map(toRecord);
}

/** Marks the bet paid (idempotent); the bet, or undefined when the user has none on this event. */
export async function markBetPaid(userId: string, eventId: string): Promise<BetRecord | undefined> {
  const item = await updateExisting(betKey(userId, eventId), { isPaid: true });
  return item && toRecord(item);
}

export interface BetPage {
  bets: BetRecord[];
  nextKey?: Item;
}

/** One page of one shard of a sharded index of an event's bets; the index is named at the call, where the IAM needs check reads it. */
async function listShardPage(index: { IndexName: 'gsi1' | 'gsi2' }, shardPk: string, limit: number, startKey?: Item): Promise<BetPage> {
  const { items, nextKey } = await queryPage({
    ...index,
    KeyConditionExpression: `${index.IndexName}pk = :bets`,
    ExpressionAttributeValues: { ':bets': shardPk },
    Limit: limit,
    ExclusiveStartKey: startKey,
  });
  return { bets: items.map(toRecord), nextKey };
}

/**
 * How long after a bet's write the event's bets indexes may still miss it: a settlement pass that finds
 * nothing is final only this long after the outcome, and deleting a match looks again this long after
 * closing its betting.
 */
export const BET_INDEX_LAG_MS = 1_000;

/**
 * Whether anyone has bet on the event: a bet, pending or settled, in any shard of either index (one read
 * of at most one bet per shard and index). Eventually consistent: a bet placed in the last BET_INDEX_LAG_MS
 * may be missed, so a caller that changes the match on this answer also moves its betting version.
 */
export async function eventHasBets(eventId: string): Promise<boolean> {
  const shards = Array.from({ length: BET_INDEX_SHARDS }, (_, shard) => shard);
  const pages = await Promise.all(shards.flatMap((shard) => [listUnsettledBetsPage(eventId, shard, 1), listSettledBetsPage(eventId, shard, 1)]));
  return pages.some((page) => page.bets.length > 0);
}

/** What the underdog count reads of a bet: the team it backs and the lineup it was placed under. */
export type Backer = Pick<BetRecord, 'teamId' | 'eventVersion'>;

/**
 * Every bet in the event's unsettled index, as its team and lineup only (a small projection:
 * one read unit covers many bets): the split the underdog bonus is judged by, read once at the first
 * settlement of the result, before any bet leaves the index. Eventually consistent: a bet placed within
 * BET_INDEX_LAG_MS before the result may be missing.
 */
export async function listEventBackers(eventId: string): Promise<Backer[]> {
  const shards = await Promise.all(
    Array.from({ length: BET_INDEX_SHARDS }, (_, shard) =>
      queryAll({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :bets',
        ProjectionExpression: 'teamId, eventVersion',
        ExpressionAttributeValues: { ':bets': eventBetsPk(eventId, shard) },
      }),
    ),
  );
  return shards.flat().map((item) => recordOf<Backer>(item));
}

/** One page of an event's unsettled bets in one shard (the index is eventually consistent: a settled one may still show). */
export function listUnsettledBetsPage(eventId: string, shard: number, limit: number, startKey?: Item): Promise<BetPage> {
  return listShardPage({ IndexName: 'gsi1' }, eventBetsPk(eventId, shard), limit, startKey);
}

/** One page of an event's settled bets in one shard (eventually consistent: a bet settled a moment ago may be missing). */
export function listSettledBetsPage(eventId: string, shard: number, limit: number, startKey?: Item): Promise<BetPage> {
  return listShardPage({ IndexName: 'gsi2' }, settledBetsPk(eventId, shard), limit, startKey);
}

/**
 * One page of a Scan for settled bets missing from the settled index (settled before it existed), for
 * `npm run ops -- backfill-settled-index`: never on a request path.
 */
export async function scanUnindexedSettledBets(startKey?: Item): Promise<BetPage> {
  const page = await db.send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'entity = :bet AND #status <> :pending AND attribute_not_exists(gsi2pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':bet': 'bet', ':pending': 'pending' },
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    }),
  );
  return { bets: (page.Items ?? []).map(toRecord), nextKey: page.LastEvaluatedKey };
}

/** Adds a settled bet's settled-index keys: false when it has them already (or is no longer there or settled). */
export async function addSettledIndexKeys(bet: Pick<BetRecord, 'userId' | 'eventId'>): Promise<boolean> {
  const { gsi2pk, gsi2sk } = settledBetsKeys(bet);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: betKey(bet.userId, bet.eventId),
        UpdateExpression: 'SET gsi2pk = :settled, gsi2sk = :user',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :pending AND attribute_not_exists(gsi2pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':settled': gsi2pk, ':user': gsi2sk, ':pending': 'pending' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export type SettledStatus = Exclude<BetStatus, 'pending'>;

/**
 * Settles the bet by the outcome of `generation`, only while it is pending (so exactly once), and moves
 * it from the unsettled index to the settled one.
 */
export function settleBetItem(bet: Pick<BetRecord, 'userId' | 'eventId'>, status: SettledStatus, settledAt: string, payout?: number, generation = 0): TransactItem {
  const { gsi2pk, gsi2sk } = settledBetsKeys(bet);
  return {
    Update: {
      TableName: tableName(),
      Key: betKey(bet.userId, bet.eventId),
      UpdateExpression: `SET #status = :status, settledAt = :at, settledGeneration = :generation, gsi2pk = :settled, gsi2sk = :user${payout === undefined ? '' : ', payout = :payout'} REMOVE gsi1pk, gsi1sk`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':at': settledAt,
        ':pending': 'pending',
        ':generation': generation,
        ':settled': gsi2pk,
        ':user': gsi2sk,
        ...(payout !== undefined && { ':payout': payout }),
      },
    },
  };
}

/** The outcome generation a settled bet is on (absent: the first result). */
export const settledGenerationOf = (bet: Pick<BetRecord, 'settledGeneration'>) => bet.settledGeneration ?? 0;

/**
 * Moves a settled bet to the status of a corrected outcome, only if it is still on the status
 * and generation it was read with: a retried or doubled correction finds it moved and leaves it.
 */
export function correctBetItem(bet: BetRecord, status: SettledStatus, generation: number, correctedAt: string, payout: number | undefined, writtenOff: number): TransactItem {
  const from = settledGenerationOf(bet);
  const sets = ['#status = :status', 'settledGeneration = :generation', 'correctedAt = :at', ...(payout === undefined ? [] : ['payout = :payout']), ...(writtenOff > 0 ? ['writtenOff = :writtenOff'] : [])];
  const removes = [...(payout === undefined ? ['payout'] : []), ...(writtenOff > 0 ? [] : ['writtenOff'])];
  return {
    Update: {
      TableName: tableName(),
      Key: betKey(bet.userId, bet.eventId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `#status = :from AND ${from === 0 ? '(attribute_not_exists(settledGeneration) OR settledGeneration = :fromGeneration)' : 'settledGeneration = :fromGeneration'}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':generation': generation,
        ':at': correctedAt,
        ':from': bet.status,
        ':fromGeneration': from,
        ...(payout !== undefined && { ':payout': payout }),
        ...(writtenOff > 0 && { ':writtenOff': writtenOff }),
      },
    },
  };
}
