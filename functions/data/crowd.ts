// An event's crowd split: how many bettors backed each team, kept by the table stream's crowd handler
// (functions/live/stream-crowd.ts) from the bet inserts and refunds of each stream batch: one transaction per
// event per batch, never one write per bet, so no item is written by every bet (the hot
// event's rule). Each stream record is counted once however often the stream delivers it (a retried batch, one
// retried from a record another handler failed on, a bisected one): the records counted are kept by
// their stream id in items of 10 s of record time (COUNTED#<bucket>, gone after a day, past the stream's
// 24 h retention), and a batch counts only the records those items do not hold yet, in the same
// transaction that adds them there (condition: the item as read). The split also holds when it was last
// broadcast and whether a trailing broadcast is on its way, so broadcasts are coalesced
// (functions/live/live.ts).
// Access patterns:
//   an event's split                  -> GetItem / BatchGet  pk=CROWD#<eventId>  sk=CROWD
//   the records counted, 10 s of them -> GetItem (consistent)  pk=CROWD#<eventId>  sk=COUNTED#<bucket>, ttl
//   count a batch's new records, once -> TransactWrite: Update CROWD ADD bettors#<teamId> n
//                                        + Update COUNTED#<bucket> ADD ids, n (condition: n as read, or no item)
//   claim the next broadcast          -> Update CROWD SET broadcastAt REMOVE trailingDue, condition: none yet or
//                                        older than the window (and, for a trailing one, trailingDue its own)
//   ask for one trailing broadcast    -> Update CROWD SET trailingDue, condition: none asked (or one long overdue)
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, conditionFailedAt, db, isConditionFailed, type Item, tableName, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';

export interface CrowdRecord {
  eventId: string;
  /** The event's tournament (absent on splits counted before it was kept). */
  tournamentId?: string;
  /** Bettors per team id (a team nobody backed is absent). */
  bettors: Record<string, number>;
  /** Epoch ms of the last broadcast of the split. */
  broadcastAt?: number;
  /** Epoch ms a trailing broadcast was asked for (its message names it); absent when none is on its way. */
  trailingDue?: number;
}

/** The records counted in one item: stream record ids, and how many (the item's version). */
export interface CountedRecords {
  ids: Set<string>;
  n: number;
}

export const crowdPk = (eventId: string) => `CROWD#${eventId}`;
const crowdKey = (eventId: string) => ({ pk: crowdPk(eventId), sk: 'CROWD' });
const TEAM_PREFIX = 'bettors#';
/** How long the counted records are kept: past the stream's 24 h retention, when no record can come again. */
const COUNTED_KEPT_SECONDS = 26 * 60 * 60;

function toRecord(item: Item): CrowdRecord {
  const bettors = Object.fromEntries(
    Object.entries(item)
      .filter(([name]) => name.startsWith(TEAM_PREFIX))
      .map(([name, n]) => [name.slice(TEAM_PREFIX.length), Math.max(0, Number(n))]),
  );
  return {
    eventId: item.eventId as string,
    ...(typeof item.tournamentId === 'string' && { tournamentId: item.tournamentId }),
    bettors,
    ...(typeof item.broadcastAt === 'number' && { broadcastAt: item.broadcastAt }),
    ...(typeof item.trailingDue === 'number' && { trailingDue: item.trailingDue }),
  };
}

/** `ADD` clauses over one attribute per team: the expression's names and values. */
function perTeam(counts: Record<string, number>) {
  const teams = Object.keys(counts);
  return {
    clauses: teams.map((_, i) => `#t${i} :n${i}`),
    names: Object.fromEntries(teams.map((team, i) => [`#t${i}`, `${TEAM_PREFIX}${team}`])),
    values: Object.fromEntries(teams.map((team, i) => [`:n${i}`, counts[team]])),
  };
}

/**
 * The records already counted under a counter's partition (`pk`), per bucket: the crowd split's, or a
 * pool's totals (pool-totals.ts), which count stream records the same way.
 */
export async function readCounted(pk: string, buckets: string[]): Promise<Map<string, CountedRecords | undefined>> {
  const read = await Promise.all(
    buckets.map(async (bucket) => {
      const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: { pk, sk: `COUNTED#${bucket}` }, ConsistentRead: true, ProjectionExpression: 'ids, n' }));
      return [bucket, Item && { ids: new Set((Item.ids as Set<string> | undefined) ?? []), n: Number(Item.n ?? 0) }] as const;
    }),
  );
  return new Map(read);
}

/** Records newly counted, per bucket: their ids, the bucket's item as read, when it may go. */
export type NewlyCounted = Map<string, { ids: string[]; read: CountedRecords | undefined; expiresAt: number }>;

/** The updates adding `records` to the counted items under `pk`, each conditional on its item being as read. */
export function countedItems(pk: string, records: NewlyCounted): TransactItem[] {
  return [...records].map(([bucket, { ids, read, expiresAt }]) => ({
    Update: {
      TableName: tableName(),
      Key: { pk, sk: `COUNTED#${bucket}` },
      UpdateExpression: 'SET #entity = :entity, #ttl = :ttl ADD ids :ids, n :added',
      ConditionExpression: read ? 'n = :read' : 'attribute_not_exists(pk)',
      ExpressionAttributeNames: { '#entity': 'entity', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':entity': 'crowd-counted', ':ttl': expiresAt, ':ids': new Set(ids), ':added': ids.length, ...(read && { ':read': read.n }) },
    },
  }));
}

/**
 * Adds `counts` (bettors per team, negative for refunds) to the split and the records they come from to
 * the counted items, in one transaction, provided each counted item is still as `read`; 'raced' if one
 * changed meanwhile (another invocation counted some of the same bucket's records: read again).
 */
export async function addCounted(
  event: { eventId: string; tournamentId: string },
  counts: Record<string, number>,
  records: NewlyCounted,
): Promise<'counted' | 'raced'> {
  const { clauses, names, values } = perTeam(counts);
  const split: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: crowdKey(event.eventId),
      UpdateExpression: `SET #entity = :entity, eventId = :eventId, tournamentId = :tournamentId${clauses.length ? ` ADD ${clauses.join(', ')}` : ''}`,
      ExpressionAttributeNames: { ...names, '#entity': 'entity' },
      ExpressionAttributeValues: { ...values, ':entity': 'crowd', ':eventId': event.eventId, ':tournamentId': event.tournamentId },
    },
  };
  const counted = countedItems(crowdKey(event.eventId).pk, records);
  try {
    await transactWrite([split, ...counted]);
    return 'counted';
  } catch (error) {
    if (counted.some((_, i) => conditionFailedAt(error, i + 1))) return 'raced';
    throw error;
  }
}

/** One stream record to count once: its id and the 10 s of record time whose counted item keeps it. */
export interface StreamRecordCount {
  recordId: string;
  bucket: string;
  /** When the bucket starts (epoch s): its counted item goes a day after. */
  bucketStart?: number;
}

/** How many transactions a count may lose to another counting the same records before it gives up (the batch is retried). */
const COUNT_ATTEMPTS = 8;
/** Counted items written in one transaction, beside the counter (a batch spanning long backlog spans many). */
const BUCKETS_PER_TRANSACTION = 25;

/**
 * Counts the changes whose records the counter under `pk` has not counted yet, each once: `add` writes
 * their sum with the counted items (`countedItems`) in one transaction, per 25 buckets, and answers
 * 'raced' when another count took a bucket meanwhile (then read again). Resolves how many it counted now.
 */
export async function countOnce<C extends StreamRecordCount>(counter: string, pk: string, changes: readonly C[], add: (fresh: C[], records: NewlyCounted) => Promise<'counted' | 'raced'>): Promise<number> {
  const allBuckets = [...new Set(changes.map((c) => c.bucket))];
  let counted = 0;
  for (let start = 0; start < allBuckets.length; start += BUCKETS_PER_TRANSACTION) {
    const buckets = allBuckets.slice(start, start + BUCKETS_PER_TRANSACTION);
    const ofBuckets = changes.filter((c) => buckets.includes(c.bucket));
    for (let attempt = 1; ; attempt++) {
      const read = await readCounted(pk, buckets);
      // The records not counted yet, each once.
      const fresh = [...new Map(ofBuckets.filter((c) => !read.get(c.bucket)?.ids.has(c.recordId)).map((c) => [c.recordId, c])).values()];
      if (!fresh.length) break;
      const records: NewlyCounted = new Map();
      for (const change of fresh) {
        const entry = records.get(change.bucket) ?? { ids: [], read: read.get(change.bucket), expiresAt: countedExpiry(change.bucketStart) };
        entry.ids.push(change.recordId);
        records.set(change.bucket, entry);
      }
      if ((await add(fresh, records)) === 'counted') {
        counted += fresh.length;
        break;
      }
      if (attempt >= COUNT_ATTEMPTS) throw new Error(`${counter} kept losing its count to another (${attempt} tries)`);
    }
  }
  return counted;
}

/** When a counted item of records from this bucket may go (epoch seconds). */
export const countedExpiry = (bucketStartSeconds: number | undefined) => (bucketStartSeconds ?? Math.floor(Date.now() / 1000)) + COUNTED_KEPT_SECONDS;

/**
 * Takes the event's next broadcast slot: the split when none was broadcast in the last `windowMs`, so
 * of concurrent claims exactly one broadcasts; any trailing broadcast asked for is then carried by this
 * one. With `trailingDue`, only if that trailing broadcast is still the one asked for.
 */
export async function claimBroadcast(eventId: string, now: number, windowMs: number, trailingDue?: number): Promise<CrowdRecord | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: crowdKey(eventId),
        UpdateExpression: 'SET broadcastAt = :now REMOVE trailingDue',
        ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(broadcastAt) OR broadcastAt <= :since)${trailingDue === undefined ? '' : ' AND trailingDue = :due'}`,
        ExpressionAttributeValues: { ':now': now, ':since': now - windowMs, ...(trailingDue !== undefined && { ':due': trailingDue }) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(Attributes!);
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Asks for one trailing broadcast due at `due`: true if this call asked (its caller sends the message),
 * false if one is on its way already. One asked for before `staleBefore` and never claimed is taken as
 * lost (its message failed for good) and asked for again.
 */
export async function requestTrailing(eventId: string, due: number, staleBefore: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: crowdKey(eventId),
        UpdateExpression: 'SET trailingDue = :due',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(trailingDue) OR trailingDue < :stale)',
        ExpressionAttributeValues: { ':due': due, ':stale': staleBefore },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Withdraws a trailing broadcast whose message could not be sent, so the next batch asks again. */
export async function dropTrailing(eventId: string, due: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({ TableName: tableName(), Key: crowdKey(eventId), UpdateExpression: 'REMOVE trailingDue', ConditionExpression: 'trailingDue = :due', ExpressionAttributeValues: { ':due': due } }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

export async function getCrowd(eventId: string): Promise<CrowdRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: crowdKey(eventId) }));
  return Item && toRecord(Item);
}

/** The splits of these events, by event id (events nobody bet on have none). */
export async function getCrowds(eventIds: string[]): Promise<Map<string, CrowdRecord>> {
  const items = await batchGetAll(eventIds.map(crowdKey));
  return new Map(items.map((item) => [item.eventId as string, toRecord(item)]));
}
