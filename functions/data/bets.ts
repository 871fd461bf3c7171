// Bets, under the bettor's partition (a hot event never makes a hot partition). A user has at most
// one bet per event, so the event id is the bet's id within its bettor's bets, and the key itself
// refuses a second bet.
// Access patterns:
//   place a bet (one per user/event) -> Put pk=USER#<id>  sk=BET#<eventId>  attribute_not_exists, in the
//                                       TransactWrite that debits the wallet and writes the ledger
//   get one of a user's bets         -> GetItem  pk=USER#<id>  sk=BET#<eventId>  (consistent read)
//   a user's bets                    -> Query    pk=USER#<id>  sk begins_with BET#
//   record the payment step          -> Update BET attribute_exists (isPaid)
//   an event's unsettled bets,       -> Query gsi1  gsi1pk=EVENT#<eventId>#BETS  gsi1sk=USER#<id>; sparse: settling
//   in pages (settlement)               a bet removes its gsi1 keys, so a pass reads only what is left to do
//   settle once                      -> Update BET with condition status = 'pending', in the TransactWrite of its payout
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BetWay } from '#shared/api.ts';
import { db, type Item, queryAll, queryPage, recordOf, tableName, type TransactItem, updateExisting } from '#functions/lib/dynamodb.ts';
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
  /** When it was settled, and what a won bet paid. */
  settledAt?: string;
  payout?: number;
}

const betKey = (userId: string, eventId: string) => ({ pk: userPk(userId), sk: `BET#${eventId}` });
const eventBetsPk = (eventId: string) => `EVENT#${eventId}#BETS`;

const toRecord = (item: Item) => recordOf<BetRecord>(item);

export function newBetItem(bet: BetRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...betKey(bet.userId, bet.eventId), entity: 'bet', ...bet, gsi1pk: eventBetsPk(bet.eventId), gsi1sk: userPk(bet.userId) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getBet(userId: string, eventId: string): Promise<BetRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: betKey(userId, eventId), ConsistentRead: true }));
  return Item && toRecord(Item);
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

/** One page of an event's unsettled bets (the index is eventually consistent: a settled one may still show). */
export async function listUnsettledBetsPage(eventId: string, limit: number, startKey?: Item): Promise<{ bets: BetRecord[]; nextKey?: Item }> {
  const { items, nextKey } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :bets',
    ExpressionAttributeValues: { ':bets': eventBetsPk(eventId) },
    Limit: limit,
    ExclusiveStartKey: startKey,
  });
  return { bets: items.map(toRecord), nextKey };
}

/** Settles the bet, only while it is pending (so exactly once), and takes it off the unsettled index. */
export function settleBetItem(bet: Pick<BetRecord, 'userId' | 'eventId'>, status: Exclude<BetStatus, 'pending'>, settledAt: string, payout?: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: betKey(bet.userId, bet.eventId),
      UpdateExpression: `SET #status = :status, settledAt = :at${payout === undefined ? '' : ', payout = :payout'} REMOVE gsi1pk, gsi1sk`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':at': settledAt, ':pending': 'pending', ...(payout !== undefined && { ':payout': payout }) },
    },
  };
}
