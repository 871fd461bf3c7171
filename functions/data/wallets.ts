// Wallets: one item per user, under the user's partition so balance updates never share a hot key.
// Access patterns:
//   get a user's balances            -> GetItem  pk=USER#<id>  sk=WALLET
//   change a balance                 -> Update WALLET in the same TransactWrite as its LEDGER entry;
//                                       a debit's condition (balance >= amount) keeps balances >= 0
//   several users' balances          -> BatchGet WALLET
//   the daily allowance              -> Update WALLET SET coins = <floor>, condition coins as just read
//   a corrected result's change      -> Update WALLET ADD coins, earnings, condition coins as just read (so a
//                                       debit takes at most what is there; the rest is written off)
//   a prize reversed                 -> Update WALLET ADD -coins, -cash, +debts, condition coins and cash as just
//                                       read (takes at most what is there; the rest is the prize debt)
//   a prize credited                 -> Update WALLET ADD coins, cash, -debts repaid, condition debts as just read
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, type Item, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

export interface WalletRecord {
  coins: number;
  cashPaise: number;
  earnings: number;
}

const walletKey = (userId: string) => ({ pk: userPk(userId), sk: 'WALLET' });

export const EMPTY_WALLET: WalletRecord = { coins: 0, cashPaise: 0, earnings: 0 };

/** What prizes reversed after they were spent or withdrawn left owed: later prizes repay it first. */
export interface PrizeDebt {
  debtCoins: number;
  debtPaise: number;
}

/** The balances and the prize debt, or undefined when the user has no wallet. */
export async function getWalletWithDebt(userId: string): Promise<(WalletRecord & PrizeDebt) | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: walletKey(userId), ConsistentRead: true }));
  if (!Item) return undefined;
  return { ...toRecord(Item), debtCoins: (Item.prizeDebtCoins as number | undefined) ?? 0, debtPaise: (Item.prizeDebtPaise as number | undefined) ?? 0 };
}

/** `field` is `amount` now (an absent field counts as 0). */
const fieldIs = (field: string, value: string, amount: number) => (amount === 0 ? `(attribute_not_exists(${field}) OR ${field} = ${value})` : `${field} = ${value}`);

/**
 * A prize: adds the coins and cash, less what repays the prize debt, only while the debt is still what
 * was read (so it is repaid once); the wallet must exist.
 */
export function creditPrizeItem(userId: string, prize: { coins: number; cashPaise: number }, debtNow: PrizeDebt, repaid: PrizeDebt): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: walletKey(userId),
      UpdateExpression: 'ADD coins :coins, cashPaise :cash, prizeDebtCoins :repaidCoins, prizeDebtPaise :repaidPaise',
      ConditionExpression: `attribute_exists(pk) AND ${fieldIs('prizeDebtCoins', ':debtCoins', debtNow.debtCoins)} AND ${fieldIs('prizeDebtPaise', ':debtPaise', debtNow.debtPaise)}`,
      ExpressionAttributeValues: {
        ':coins': prize.coins - repaid.debtCoins,
        ':cash': prize.cashPaise - repaid.debtPaise,
        ':repaidCoins': -repaid.debtCoins,
        ':repaidPaise': -repaid.debtPaise,
        ':debtCoins': debtNow.debtCoins,
        ':debtPaise': debtNow.debtPaise,
      },
    },
  };
}

/**
 * A prize reversed: takes `taken` from the balances and adds `owed` to the prize debt, only while the
 * coins and cash are still what was read (so nothing goes below zero).
 */
export function reversePrizeItem(userId: string, now: { coins: number; cashPaise: number }, taken: { coins: number; cashPaise: number }, owed: PrizeDebt): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: walletKey(userId),
      UpdateExpression: 'ADD coins :coins, cashPaise :cash, prizeDebtCoins :owedCoins, prizeDebtPaise :owedPaise',
      ConditionExpression: 'coins = :coinsNow AND cashPaise = :cashNow',
      ExpressionAttributeValues: {
        ':coins': -taken.coins,
        ':cash': -taken.cashPaise,
        ':owedCoins': owed.debtCoins,
        ':owedPaise': owed.debtPaise,
        ':coinsNow': now.coins,
        ':cashNow': now.cashPaise,
      },
    },
  };
}

const toRecord = (item: Item): WalletRecord => ({ coins: item.coins as number, cashPaise: item.cashPaise as number, earnings: item.earnings as number });

export async function getWallet(userId: string): Promise<WalletRecord> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: walletKey(userId), ConsistentRead: true }));
  return Item ? toRecord(Item) : EMPTY_WALLET;
}

/** Tops the coins up to `floor`, only while they are still `coinsNow` (the ledger entry says floor - coinsNow). */
export function topUpCoinsItem(userId: string, coinsNow: number, floor: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: walletKey(userId),
      UpdateExpression: 'SET coins = :floor',
      ConditionExpression: 'coins = :now',
      ExpressionAttributeValues: { ':floor': floor, ':now': coinsNow },
    },
  };
}

/** The wallets of these users, by user id (missing ones are empty); `consistent`: as of now (a balance to guard). */
export async function getWallets(userIds: string[], consistent = false): Promise<Map<string, WalletRecord>> {
  const items = await batchGetAll(userIds.map(walletKey), consistent);
  const found = new Map(items.map((item) => [item.userId as string, toRecord(item)]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? EMPTY_WALLET]));
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

/** Adds to several fields at once (a win: coins and earnings; a prize: coins and cash); the wallet must exist. */
export function creditFieldsItem(userId: string, amounts: Partial<WalletRecord>): TransactItem {
  // Partial: a field may be present and undefined (`{ coins: undefined }`), which Object.entries' type hides.
  const entries: [string, number | undefined][] = Object.entries(amounts);
  const fields = entries.filter(([, amount]) => amount !== undefined);
  return {
    Update: {
      TableName: tableName(),
      Key: walletKey(userId),
      UpdateExpression: `ADD ${fields.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(fields.map(([, amount], i) => [`:v${i}`, amount])),
    },
  };
}

export const creditItem = (userId: string, balance: Balance, amount: number) => creditFieldsItem(userId, { [balance]: amount });

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

/**
 * Adds (signed) to the coins and earnings, only while the coins are still `coinsNow`: a corrected
 * result debits at most what the bettor has, and a change in between makes the caller read again.
 */
export function adjustCoinsItem(userId: string, change: { coins: number; earnings: number }, coinsNow: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: walletKey(userId),
      UpdateExpression: 'ADD coins :coins, earnings :earnings',
      ConditionExpression: 'coins = :now',
      ExpressionAttributeValues: { ':coins': change.coins, ':earnings': change.earnings, ':now': coinsNow },
    },
  };
}
