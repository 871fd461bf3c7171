// The one DynamoDB DocumentClient. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { tableNameConfig } from './config.ts';
import { withoutSdkLogger } from './sdk-logging.ts';
import { timeLeftMs, waitsOutRaces } from './time-left.ts';

// A Lambda instance serves one request at a time, so the SDK's default of 50 sockets never binds in the
// cloud; the local gateway runs every function in one process, where it would queue a rush behind 50.
const client = withoutSdkLogger(new DynamoDBClient({ requestHandler: { httpAgent: { keepAlive: true, maxSockets: 1024 } } }));
export const db = DynamoDBDocumentClient.from(client, {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = tableNameConfig;

/** One item of a TransactWrite, so entity modules can offer pieces that the domain composes. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's transaction limit. */
export const MAX_TRANSACT_ITEMS = 100;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function isConditionFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled transaction, the cancellation code of each item in order ('None' or
 * 'ConditionalCheckFailed'...); undefined for any other error.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

/**
 * A request refused only because another transaction held one of its items (TransactionConflict on a
 * cancelled transaction, TransactionConflictException on a single write): nothing was written, worth
 * retrying. The SDK does not retry these itself.
 */
export function lostTransactionRace(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  const codes = cancellationCodes(error);
  return !!codes && codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

const CONFLICT_ATTEMPTS = 12;
const BACKOFF_BASE_MS = 10;
const BACKOFF_CAP_MS = 400;
/** Full-jitter exponential backoff before retry number `attempt`. */
export const backoff = (attempt: number) => sleep(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));

/** What a worker waiting out races keeps of its invocation's time, to report back before the cut-off. */
const WORKER_RACE_MARGIN_MS = 1_000;

/**
 * Whether a request that lost `attempt` races in a row may try again: up to CONFLICT_ATTEMPTS times, and
 * in a worker's invocation for as long as it has time (settlements of different events meet on the same
 * bettors' wallets and profiles: on match day that is an everyday event, not a fault for a redelivery).
 */
const mayTryAgain = (attempt: number) => attempt < CONFLICT_ATTEMPTS || (waitsOutRaces() && (timeLeftMs() ?? 0) > WORKER_RACE_MARGIN_MS + BACKOFF_CAP_MS);

/**
 * Runs `request` again with full-jitter backoff while it only loses races with transactions, up to
 * CONFLICT_ATTEMPTS times (a worker: while it has time, mayTryAgain). Condition failures and every other
 * error are thrown at once. `beforeRetry` runs after each backoff and may end the loop by throwing, e.g.
 * when a concurrent request already did the work, so that the losers of a race stop holding the items the
 * winner still has to write.
 */
export async function retryLostRaces<T>(request: () => Promise<T>, beforeRetry?: () => Promise<void>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (!mayTryAgain(attempt) || !lostTransactionRace(error)) throw error;
      await backoff(Math.min(attempt, CONFLICT_ATTEMPTS));
      await beforeRetry?.();
    }
  }
}

/** What a request waiting out races leaves of its invocation's time: enough to answer before the cut-off. */
const RACE_ANSWER_MARGIN_MS = 2_000;
/** How long a request waits out races outside a timed invocation (a script, a test). */
const RACE_BUDGET_MS = 20_000;
const RACE_PAUSE_MS = 250;

/** Until when (epoch ms) a request may wait out lost races: its invocation's time less the margin to answer, or RACE_BUDGET_MS. */
export const raceDeadline = () => Date.now() + (timeLeftMs() ?? RACE_BUDGET_MS + RACE_ANSWER_MARGIN_MS) - RACE_ANSWER_MARGIN_MS;

/**
 * Runs `request` again after a short random pause while it only loses races (each call already retries
 * a dozen times, above), for as long as its invocation has time left to answer. For writes that must
 * not be refused because a burst of transactions holds their items (a rush of bets on the event, a
 * settlement's batches on a wallet): on a busy machine such a burst outlasts any fixed number of tries.
 */
export async function retryLostRacesWhileTimeLeft<T>(request: () => Promise<T>): Promise<T> {
  const giveUpAt = raceDeadline();
  for (;;) {
    try {
      return await request();
    } catch (error) {
      if (!lostTransactionRace(error) || Date.now() > giveUpAt) throw error;
      await sleep(Math.random() * RACE_PAUSE_MS);
    }
  }
}

/** Set in a call's context by a command that runs its own retry loop (transactWriteUnless). */
const RETRIES_ITSELF = 'retriesLostRacesItself';

/**
 * Every call of `db` is retried while it loses races with transactions (concurrent requests of one
 * user all update the same wallet item; a rename meets a settlement on the profile), unless its command
 * retries itself.
 */
client.middlewareStack.add((next, context) => (args) => (context[RETRIES_ITSELF] ? next(args) : retryLostRaces(() => next(args))), {
  step: 'initialize',
  name: 'retryTransactionConflicts',
});

/** One all-or-nothing TransactWriteItems (retried while it only loses races, as every call is). */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  await db.send(new TransactWriteCommand({ TransactItems: items }));
}

/** One all-or-nothing TransactWriteItems, sent once: the caller handles a lost race itself. */
export function transactWriteOnce(items: TransactItem[]): Promise<unknown> {
  const command = new TransactWriteCommand({ TransactItems: items });
  // Set while the call's handlers are built, so before the client's retry middleware first runs.
  command.middlewareStack.add(
    (next, context) => {
      context[RETRIES_ITSELF] = true;
      return next;
    },
    // override: the document client resolves a command's own stack twice (it would be a duplicate name).
    { step: 'initialize', name: 'retriesLostRacesItself', override: true },
  );
  return db.send(command);
}

/** One all-or-nothing TransactWriteItems, retried while it only loses races until `beforeRetry` throws. */
export async function transactWriteUnless(items: TransactItem[], beforeRetry: () => Promise<void>): Promise<void> {
  await retryLostRaces(() => transactWriteOnce(items), beforeRetry);
}

/** Whether the condition of the transaction's item at `index` failed. */
export const conditionFailedAt = (error: unknown, index: number) => cancellationCodes(error)?.[index] === 'ConditionalCheckFailed';

export type Item = Record<string, unknown>;
export type Key = { pk: string; sk: string };

/** Attributes that only place an item (keys, index keys, the entity tag, TTL), not part of the record. */
const STORAGE_ATTRIBUTES = new Set(['pk', 'sk', 'entity', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'ttl']);

/** The entity's record in an item: everything but the storage attributes. */
export const recordOf = <T>(item: Item): T =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !STORAGE_ATTRIBUTES.has(name))) as T;

/** Every page of a Query. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** One page of a Query and where the next one starts (undefined after the last). */
export async function queryPage(input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: Item[]; nextKey?: Item }> {
  const page = await db.send(new QueryCommand({ ...input, TableName: tableName() }));
  return { items: page.Items ?? [], nextKey: page.LastEvaluatedKey };
}

/** Every item of the table, page by page: for the operators' audit, never on a request path. */
export async function* scanTable(): AsyncGenerator<Item[]> {
  let startKey: Item | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }));
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

const BATCH_GET_LIMIT = 100;

/** The items that exist among these keys (any order), in batches, retrying unprocessed keys. */
export async function batchGetAll(keys: Key[], consistent = false): Promise<Item[]> {
  const unique = [...new Map(keys.map((key) => [`${key.pk}|${key.sk}`, key])).values()];
  const items: Item[] = [];
  for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) {
    let pending: Key[] = unique.slice(start, start + BATCH_GET_LIMIT);
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 1) await backoff(attempt);
      const { Responses, UnprocessedKeys } = await db.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } } }));
      items.push(...(Responses?.[tableName()] ?? []));
      pending = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return items;
}

/** One item to read in a batch: its key, and how the item becomes the entity's record. */
export interface ItemRead<T> {
  key: Key;
  toRecord: (item: Item) => T;
}

/**
 * Items of any entities in one BatchGetItem round trip instead of a GetItem each: the records in the
 * order asked, undefined where an item does not exist (or no read was given: an optional one).
 */
export async function readTogether<T extends unknown[]>(reads: { [K in keyof T]: ItemRead<T[K]> | undefined }, consistent = false): Promise<{ [K in keyof T]: T[K] | undefined }> {
  const given = reads.filter((read): read is ItemRead<unknown> => read !== undefined);
  const items = await batchGetAll(given.map((read) => read.key), consistent);
  const recordFor = <R,>(read: ItemRead<R> | undefined) => {
    if (!read) return undefined;
    const item = items.find((candidate) => candidate.pk === read.key.pk && candidate.sk === read.key.sk);
    return item && read.toRecord(item);
  };
  return reads.map(recordFor) as { [K in keyof T]: T[K] | undefined };
}

/** The Update that sets the defined fields of an existing item and adds to the `add` counters. */
export function updateExistingItem(key: Key, fields: Item, add: Record<string, number> = {}) {
  const names = Object.keys(fields).filter((name) => fields[name] !== undefined);
  const counters = Object.keys(add);
  const set = names.length > 0 ? `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}` : '';
  const adding = counters.length > 0 ? ` ADD ${counters.map((_, i) => `#c${i} :a${i}`).join(', ')}` : '';
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: `${set}${adding}`.trim(),
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])), ...Object.fromEntries(counters.map((name, i) => [`#c${i}`, name])) },
    ExpressionAttributeValues: { ...Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]])), ...Object.fromEntries(counters.map((name, i) => [`:a${i}`, add[name]])) },
  };
}

/**
 * Sets the defined fields of an existing item (and adds to the `add` counters); the updated item, or
 * undefined when there is none.
 */
export async function updateExisting(key: Key, fields: Item, add: Record<string, number> = {}): Promise<Item | undefined> {
  try {
    const { Attributes } = await db.send(new UpdateCommand({ ...updateExistingItem(key, fields, add), ReturnValues: 'ALL_NEW' }));
    return Attributes;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}
