// Wallets: one item per user, under the user's partition so balance updates never share a hot key.
// Access patterns:
//   get a user's balances            -> GetItem  pk=USER#<id>  sk=WALLET
//   change a balance                 -> Update WALLET in the same TransactWrite as its LEDGER entry;
//                                       a debit's condition (balance >= amount) keeps balances >= 0
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type TransactItem } from '#functions/lib/dynamodb.ts';
import { userPk } from './keys.ts';

export interface WalletRecord {
  coins: number;
  cashPaise: number;
  earnings: number;
}

const walletKey = (userId: string) => ({ pk: userPk(userId), sk: 'WALLET' });

export const EMPTY_WALLET: WalletRecord = { coins: 0, cashPaise: 0, earnings: 0 };

export async function getWallet(userId: string): Promise<WalletRecord> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: walletKey(userId), ConsistentRead: true }));
  if (!Item) return EMPTY_WALLET;
  return { coins: Item.coins, cashPaise: Item.cashPaise, earnings: Item.earnings };
}

export function newWalletItem(userId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...walletKey(userId), entity: 'wallet', userId, ...EMPTY_WALLET },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A balance of the wallet: whole coins, or cash in paise. */
export type Balance = 'coins' | 'cashPaise';

export function creditItem(userId: string, balance: Balance, amount: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: walletKey(userId),
      UpdateExpression: 'ADD #balance :amount',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#balance': balance },
      ExpressionAttributeValues: { ':amount': amount },
    },
  };
}

/** Fails (ConditionalCheckFailed) when the balance is smaller than the amount. */
export function debitItem(userId: string, balance: Balance, amount: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: walletKey(userId),
      UpdateExpression: 'SET #balance = #balance - :amount',
      ConditionExpression: '#balance >= :amount',
      ExpressionAttributeNames: { '#balance': balance },
      ExpressionAttributeValues: { ':amount': amount },
    },
  };
}
