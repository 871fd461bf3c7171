// Bets, under the bettor's partition (a hot event never makes a hot partition). A user has at most
// one bet per event, so the event id is the bet's id within its bettor's bets, and the key itself
// refuses a second bet.
// Access patterns:
//   place a bet (one per user/event) -> Put pk=USER#<id>  sk=BET#<eventId>  attribute_not_exists, in the
//                                       TransactWrite that debits the wallet and writes the ledger
//   get one of a user's bets         -> GetItem  pk=USER#<id>  sk=BET#<eventId>  (consistent read)
//   a user's bets                    -> Query    pk=USER#<id>  sk begins_with BET#
//   record the payment step          -> Update BET attribute_exists (isPaid)
//   an event's bets, in pages        -> Query gsi1  gsi1pk=EVENT#<eventId>#BETS  gsi1sk=USER#<id>
//   settle once                      -> Update BET with condition status = 'pending' (settlement)
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BetWay } from '#shared/api.ts';
import { db, type Item, queryAll, recordOf, tableName, type TransactItem, updateExisting } from '#functions/lib/dynamodb.ts';
import { userPk } from './keys.ts';

export type BetStatus = 'pending' | 'won' | 'lost';

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
}

const betKey = (userId: string, eventId: string) => ({ pk: userPk(userId), sk: `BET#${eventId}` });

const toRecord = (item: Item) => recordOf<BetRecord>(item);

export function newBetItem(bet: BetRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...betKey(bet.userId, bet.eventId), entity: 'bet', ...bet, gsi1pk: `EVENT#${bet.eventId}#BETS`, gsi1sk: userPk(bet.userId) },
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
