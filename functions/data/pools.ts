// The tournament-winner pool ('Who lifts the cup?', docs/architecture.md "The tournament-winner pool") and
// its stakes. A stake is under its bettor's partition, like a bet: stakes on one pool share no item, so a
// rush of hundreds never waits on one (the pool's totals are counted from the table stream: pool-totals.ts).
// Access patterns:
//   a tournament's pool              -> GetItem / BatchGet  pk=TOURNAMENT#<id>  sk=POOL (poolRead, with the
//                                       match that closes it and the bettor's session in one BatchGetItem)
//   open it (format published)       -> Put POOL attribute_not_exists (a retried publish writes it once)
//   the organiser's close time       -> Update POOL SET closesAt / REMOVE closesAt, condition: not closed
//   close now / call off             -> Update POOL SET closedAt (calledOff, shareVersion + 1), condition: as read
//   knocked-out teams, the champion  -> Update POOL SET outTeamIds, championIds, shareVersion, condition: the
//                                       shareVersion as read (settlement, after each result of the tournament)
//   a share done                     -> Update POOL SET sharedVersion, condition: the share's version is current
//   stake (one per bettor and team)  -> Put pk=USER#<id>  sk=POOLSTAKE#<tournamentId>#<teamId>  attribute_not_exists,
//                                       in the TransactWrite that debits the wallet and writes the ledger entry
//   accept it (the close protocol)   -> Update POOLSTAKE SET acceptedAt, condition pending and not yet accepted
//   a bettor's stakes in a pool      -> Query pk=USER#<id>  sk begins_with POOLSTAKE#<tournamentId>#  (consistent)
//   a pool's stakes (the share)      -> Query gsi1  gsi1pk=POOL#<tournamentId>#STAKES#<shard>, every shard (the
//                                       bettor's id picks one, as bets do, so a rush spreads its index writes)
//   share, refund or re-share once   -> Update POOLSTAKE with condition: its status and shareVersion as read, in
//                                       the TransactWrite of its coins and ledger entries
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, type Item, isConditionFailed, type ItemRead, queryAll, recordOf, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { BET_INDEX_SHARDS, betIndexShard } from './bets.ts';
import { tournamentPk, userPk } from './keys.ts';

export interface PoolRecord {
  tournamentId: string;
  /** The teams it takes stakes on: the format's seeds. */
  teamIds: string[];
  /** The match whose start closes it unless the organiser set a time: the first knockout match, or a league's last matchday's first. */
  closesWithEventId?: string;
  /** The organiser's closing time, in place of that match's start. */
  closesAt?: string;
  /** Closed for good (closed now, called off, or the champion known). */
  closedAt?: string;
  /** Knocked out: no new stakes. */
  outTeamIds?: string[];
  /** Once the tournament has its champion (several when a league's title is shared). */
  championIds?: string[];
  /** The organiser called it off: every stake comes back. */
  calledOff?: boolean;
  /** Moves with every change of the champion (or a call-off): the share stakes must be on. 0: none asked yet. */
  shareVersion: number;
  /** The share last completed. */
  sharedVersion?: number;
  createdAt: string;
}

export type StakeStatus = 'pending' | 'accepted' | 'won' | 'lost' | 'refunded';

export interface StakeRecord {
  userId: string;
  tournamentId: string;
  teamId: string;
  /** The team's name when staked, for the bettor's list. */
  teamName: string;
  amount: number;
  status: StakeStatus;
  createdAt: string;
  /** Set once the pool was seen still open after the stake committed: only an accepted stake is in the pool. */
  acceptedAt?: string;
  /** The pool's shareVersion this stake is settled by (absent: not shared yet, or refunded as it arrived). */
  shareVersion?: number;
  /** What its current share paid it (its stake back, for a refund). */
  payout?: number;
  /** Coins a re-share took back that the bettor no longer had, written off by the house; a later credit repays it first. */
  writtenOff?: number;
}

const poolKey = (tournamentId: string) => ({ pk: tournamentPk(tournamentId), sk: 'POOL' });
const stakeKey = (userId: string, tournamentId: string, teamId: string) => ({ pk: userPk(userId), sk: `POOLSTAKE#${tournamentId}#${teamId}` });
const stakesPk = (tournamentId: string, shard: number) => `POOL#${tournamentId}#STAKES#${shard}`;

const toPool = (item: Item) => recordOf<PoolRecord>(item);
const toStake = (item: Item) => recordOf<StakeRecord>(item);

/** The stake's id within its pool: its bettor and team (one stake per team). */
export const stakeId = (stake: Pick<StakeRecord, 'userId' | 'teamId'>) => `${stake.userId}#${stake.teamId}`;

export const poolRead = (tournamentId: string): ItemRead<PoolRecord> => ({ key: poolKey(tournamentId), toRecord: toPool });

export async function getPool(tournamentId: string, consistent = false): Promise<PoolRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: poolKey(tournamentId), ConsistentRead: consistent }));
  return Item && toPool(Item);
}

/** Opens the pool, once: a retried publish finds it there and leaves it as it is. */
export async function openPool(pool: PoolRecord): Promise<void> {
  try {
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...poolKey(pool.tournamentId), entity: 'pool', ...pool }, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Sets the pool's fields (undefined removes one), only while its shareVersion and closedAt are as read; false when either moved. */
export async function updatePool(pool: PoolRecord, fields: Partial<Omit<PoolRecord, 'tournamentId' | 'createdAt'>>): Promise<boolean> {
  // Partial: a field may be present and undefined (`{ closesAt: undefined }`: remove it), which Object.entries' type hides.
  const entries: [string, unknown][] = Object.entries(fields);
  const set = entries.filter(([, value]) => value !== undefined);
  const removed = entries.filter(([, value]) => value === undefined);
  const names = Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name]));
  const clause = (list: [string, unknown][], render: (i: number) => string) => list.map(([name]) => render(entries.findIndex(([n]) => n === name)));
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: poolKey(pool.tournamentId),
        UpdateExpression: [set.length && `SET ${clause(set, (i) => `#f${i} = :v${i}`).join(', ')}`, removed.length && `REMOVE ${clause(removed, (i) => `#f${i}`).join(', ')}`].filter(Boolean).join(' '),
        ConditionExpression: `shareVersion = :version AND ${pool.closedAt ? 'closedAt = :closedAt' : 'attribute_not_exists(closedAt)'}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ...Object.fromEntries(set.map(([name, value]) => [`:v${entries.findIndex(([n]) => n === name)}`, value])),
          ':version': pool.shareVersion,
          ...(pool.closedAt && { ':closedAt': pool.closedAt }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Records a share as done, unless a newer one was asked for since. */
export async function markShared(tournamentId: string, version: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: poolKey(tournamentId),
        UpdateExpression: 'SET sharedVersion = :version',
        ConditionExpression: 'shareVersion = :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

export function newStakeItem(stake: StakeRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...stakeKey(stake.userId, stake.tournamentId, stake.teamId),
        entity: 'pool-stake',
        ...stake,
        gsi1pk: stakesPk(stake.tournamentId, betIndexShard(stake.userId)),
        gsi1sk: `${userPk(stake.userId)}#${stake.teamId}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getStake(userId: string, tournamentId: string, teamId: string): Promise<StakeRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: stakeKey(userId, tournamentId, teamId), ConsistentRead: true }));
  return Item && toStake(Item);
}

/** Accepts the stake (pending and not yet accepted); false when it no longer is (refunded meanwhile). */
export async function acceptStake(stake: StakeRecord, acceptedAt: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: stakeKey(stake.userId, stake.tournamentId, stake.teamId),
        UpdateExpression: 'SET acceptedAt = :at, #status = :accepted',
        ConditionExpression: '#status = :pending AND attribute_not_exists(acceptedAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':at': acceptedAt, ':pending': 'pending', ':accepted': 'accepted' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The bettor's stakes in one pool. */
export async function listUserStakes(userId: string, tournamentId: string): Promise<StakeRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :stakes)',
    ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': userPk(userId), ':stakes': `POOLSTAKE#${tournamentId}#` },
  });
  return items.map(toStake);
}

/** Every stake of the pool, from its sharded index (eventually consistent: the share reads it well after the close). */
export async function listPoolStakes(tournamentId: string): Promise<StakeRecord[]> {
  const shards = await Promise.all(
    Array.from({ length: BET_INDEX_SHARDS }, (_, shard) => queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': stakesPk(tournamentId, shard) } })),
  );
  return shards.flat().map(toStake);
}

/**
 * The stake moved to `to`: its status, payout and share version (none for a stake refunded as it arrived),
 * only while it is as `from` says (its status and share version), so each share moves it once.
 */
export function settleStakeItem(from: StakeRecord, to: { status: StakeStatus; shareVersion?: number; payout: number; writtenOff: number }, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: stakeKey(from.userId, from.tournamentId, from.teamId),
      UpdateExpression: `SET #status = :status, payout = :payout, writtenOff = :writtenOff, settledAt = :at${to.shareVersion === undefined ? '' : ', shareVersion = :version'}`,
      ConditionExpression: `#status = :from AND ${from.shareVersion === undefined ? 'attribute_not_exists(shareVersion)' : 'shareVersion = :fromVersion'}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': to.status,
        ...(to.shareVersion !== undefined && { ':version': to.shareVersion }),
        ':payout': to.payout,
        ':writtenOff': to.writtenOff,
        ':at': at,
        ':from': from.status,
        ...(from.shareVersion !== undefined && { ':fromVersion': from.shareVersion }),
      },
    },
  };
}
