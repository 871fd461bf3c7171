// The conflict-faithful DynamoDB endpoint of the local cloud: an HTTP layer in front of DynamoDB Local,
// speaking its wire protocol (AWS JSON 1.0), that refuses what real DynamoDB refuses when requests
// overlap on an item (the rules are in transaction-conflicts.ts) with the error shapes DynamoDB sends,
// and forwards everything else untouched. Every DynamoDB call of the functions, the worker, `ops`, the
// tests and the benchmarks goes through it; DYNAMODB_CONFLICTS=off points them at DynamoDB Local itself.
//
// GET /conflicts answers what it refused so far, like the table's TransactionConflict metric in CloudWatch.
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TaskPool } from '#functions/platform/concurrency.ts';
import { readBody, sendJson } from './http-util.ts';
import { type Admission, type HeldRequest, TransactionConflicts } from './transaction-conflicts.ts';

export interface ConflictLayer {
  /** What the functions use as AWS_ENDPOINT_URL_DYNAMODB. */
  endpoint: string;
  stop: () => Promise<void>; // a function of its own: passed around unbound (lifecycle.add)
}

/** The counts GET /conflicts answers. */
export interface ConflictCounts {
  /** Transactions cancelled with TransactionConflict (CloudWatch counts these as TransactionConflict). */
  cancelledTransactions: number;
  /** PutItem, UpdateItem and DeleteItem refused with TransactionConflictException. */
  refusedWrites: number;
  /** BatchWriteItem writes sent back unprocessed. */
  unprocessedBatchWrites: number;
}

/** DynamoDB's own request size limit is 16 MB (a TransactWriteItems of 100 items of 400 KB fits under it). */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
const JSON_1_0 = 'application/x-amz-json-1.0';
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const ONGOING = 'Transaction is ongoing for the item';
/**
 * Requests DynamoDB Local works on at once; the rest wait their turn here, holding no item. DynamoDB Local
 * serves about one request at a time, so a request sent on at once would wait in the JVM's queue for
 * seconds in a rush while holding its items: in DynamoDB a transaction holds its items only while it runs
 * (tens of milliseconds), whatever else is in flight. So items are held, and conflicts judged, from a
 * request's turn to its answer (docs/architecture.md, "The local cloud is as strict as AWS about transaction conflicts").
 */
const IN_FLIGHT = Number(process.env.DYNAMODB_LOCAL_IN_FLIGHT ?? 8);

type AttributeValue = Record<string, unknown>;
type WireItem = Record<string, AttributeValue>;
/** A request's or answer's JSON as it came over the wire: checked field by field, never trusted. */
type WireObject = Record<string, unknown>;
const asObject = (value: unknown): WireObject | undefined => (value && typeof value === 'object' ? (value as WireObject) : undefined);

export async function startConflictLayer(upstream: string, describeClient: DynamoDBClient): Promise<ConflictLayer> {
  const conflicts = new TransactionConflicts();
  const counts: ConflictCounts = { cancelledTransactions: 0, refusedWrites: 0, unprocessedBatchWrites: 0 };
  const keyNames = new KeySchemas(describeClient);
  const upstreamUrl = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const turns = new TaskPool(IN_FLIGHT);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[dynamodb conflicts] request failed:', error);
      if (!res.headersSent) awsError(res, 500, 'InternalServerError', 'The local conflict layer failed');
      else res.destroy();
    });
  });
  // The functions' SDK clients keep idle sockets open with no time limit. A server closing an idle socket
  // just as a client sends on it resets the request (ECONNRESET, seen under load as 500s): never close them.
  server.keepAliveTimeout = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && req.url === '/conflicts') return sendJson(res, 200, counts);
    const body = await readBody(req, MAX_REQUEST_BYTES);
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    if (SCHEMA_CHANGES.has(operation)) keyNames.forget();
    const input = HOLDING_OPERATIONS.has(operation) ? parseJson(body) : undefined;
    const held = input ? await heldRequest(operation, input, keyNames) : { kind: 'read' as const };
    await turns.run(() => admitAndForward(req, res, held, input, body));
  }

  async function admitAndForward(req: IncomingMessage, res: ServerResponse, held: HeldRequest, input: WireObject | undefined, body: Buffer): Promise<void> {
    const admission = conflicts.admit(held);
    if (!admission.admitted) return refuse(res, admission, counts);

    let sent = body;
    let unprocessed: Record<string, unknown[]> | undefined;
    if (admission.skip.length > 0 && input) {
      counts.unprocessedBatchWrites += admission.skip.length;
      const split = splitBatchWrite(input, admission.skip);
      unprocessed = split.unprocessed;
      if (Object.keys(split.forwarded).length === 0) {
        admission.release();
        return sendRaw(res, 200, { 'content-type': JSON_1_0, 'x-amzn-requestid': randomUUID() }, JSON.stringify({ UnprocessedItems: unprocessed }));
      }
      sent = Buffer.from(JSON.stringify({ ...input, RequestItems: split.forwarded }));
    }
    let answer: { status: number; headers: IncomingHttpHeaders; body: Buffer };
    try {
      answer = await forwardPastLockTimeouts(req, sent);
    } finally {
      // Held until DynamoDB answered: the caller sees the answer only once the items are free again.
      admission.release();
    }
    if (unprocessed && answer.status === 200) answer.body = Buffer.from(JSON.stringify(mergeUnprocessed(parseJson(answer.body) ?? {}, unprocessed)));
    sendRaw(res, answer.status, answer.headers, answer.body);
  }

  /**
   * DynamoDB Local gives up on a request that waited too long for its own (SQLite) lock, answering 500
   * "timed out ... waiting for a lock. This request will succeed in actual DynamoDB API": on a starved
   * machine, a rush of bets met it and answered 500 where DynamoDB would have written. It did nothing,
   * so it is sent again (the items stay held meanwhile), as DynamoDB would have served it.
   */
  async function forwardPastLockTimeouts(req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    for (let attempt = 1; ; attempt++) {
      const answer = await forward(req, body);
      if (answer.status !== 500 || attempt >= LOCK_TIMEOUT_ATTEMPTS || !answer.body.includes(LOCAL_LOCK_TIMEOUT)) return answer;
    }
  }

  /** Sends the request on to DynamoDB, once more if a kept-alive socket turned out closed by it (Node's advice for keep-alive races). */
  function forward(req: IncomingMessage, body: Buffer, retried = false): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: upstreamUrl.host, 'content-length': String(body.length) };
      delete headers['transfer-encoding'];
      const outgoing = httpRequest({ hostname: upstreamUrl.hostname, port: upstreamUrl.port, path: req.url, method: req.method, headers, agent }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 500, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (!retried && outgoing.reusedSocket && error.code === 'ECONNRESET') forward(req, body, true).then(resolve, reject);
        else reject(error);
      });
      outgoing.end(body);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

/** DynamoDB Local's answer to a request that timed out waiting for its lock (it would succeed in DynamoDB). */
const LOCAL_LOCK_TIMEOUT = 'waiting for a lock';
const LOCK_TIMEOUT_ATTEMPTS = 5;

/** Operations whose items can conflict: only these are parsed. */
const HOLDING_OPERATIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems', 'TransactGetItems']);
const SCHEMA_CHANGES = new Set(['CreateTable', 'DeleteTable', 'UpdateTable']);

/** The items a request holds, as identities (table + key attributes in the table's key order). */
async function heldRequest(operation: string, input: WireObject, keyNames: KeySchemas): Promise<HeldRequest> {
  const identity = async (table: unknown, keyOrItem: unknown): Promise<string | undefined> => {
    if (typeof table !== 'string' || !keyOrItem || typeof keyOrItem !== 'object') return undefined;
    const names = await keyNames.of(table);
    if (!names) return undefined;
    const item = keyOrItem as WireItem;
    return JSON.stringify([table, ...names.map((name) => item[name] ?? null)]);
  };
  // Anything malformed or aimed at a missing table holds nothing: DynamoDB Local answers it with its own error.
  const all = async (pairs: [unknown, unknown][]) => {
    const items = await Promise.all(pairs.map(([table, key]) => identity(table, key)));
    return items.every((item): item is string => item !== undefined) ? items : undefined;
  };
  switch (operation) {
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem': {
      const item = await identity(input.TableName, operation === 'PutItem' ? input.Item : input.Key);
      return item ? { kind: 'write', items: [item] } : { kind: 'read' };
    }
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      const list: unknown[] = Array.isArray(input.TransactItems) ? input.TransactItems : [];
      const pairs = list.map((value): [unknown, unknown] => {
        const entry = asObject(value);
        const action = asObject(entry?.Put ?? entry?.Update ?? entry?.Delete ?? entry?.ConditionCheck ?? entry?.Get);
        return [action?.TableName, entry?.Put ? action?.Item : action?.Key];
      });
      const items = await all(pairs);
      if (!items) return { kind: 'read' };
      return { kind: operation === 'TransactWriteItems' ? 'transact-write' : 'transact-get', items };
    }
    case 'BatchWriteItem': {
      const items = await all(batchWrites(input).map(({ table, request }) => [table, asObject(request.PutRequest)?.Item ?? asObject(request.DeleteRequest)?.Key]));
      return items ? { kind: 'batch-write', items } : { kind: 'read' };
    }
  }
  return { kind: 'read' };
}

/** A BatchWriteItem's writes in order: table by table, as listed. */
function batchWrites(input: WireObject): { table: string; request: WireObject }[] {
  const tables = asObject(input.RequestItems) ?? {};
  // A request that is not an object fails reading its PutRequest, as it always has (DynamoDB Local refuses it anyway).
  return Object.entries(tables).flatMap(([table, requests]) => (Array.isArray(requests) ? requests.map((request: WireObject) => ({ table, request })) : []));
}

function splitBatchWrite(input: WireObject, skip: number[]) {
  const forwarded: Record<string, unknown[]> = {};
  const unprocessed: Record<string, unknown[]> = {};
  batchWrites(input).forEach(({ table, request }, index) => {
    const target = skip.includes(index) ? unprocessed : forwarded;
    (target[table] ??= []).push(request);
  });
  return { forwarded, unprocessed };
}

function mergeUnprocessed(answer: WireObject, unprocessed: Record<string, unknown[]>) {
  const merged: Record<string, unknown[]> = { ...(answer.UnprocessedItems as Record<string, unknown[]> | null | undefined) };
  for (const [table, requests] of Object.entries(unprocessed)) merged[table] = [...(merged[table] ?? []), ...requests];
  return { ...answer, UnprocessedItems: merged };
}

/** Key attribute names per table (hash key first), from DescribeTable, kept until a table changes. */
class KeySchemas {
  private readonly cache = new Map<string, Promise<string[] | undefined>>();
  constructor(private readonly client: DynamoDBClient) {}
  of(table: string): Promise<string[] | undefined> {
    let names = this.cache.get(table);
    if (!names) {
      names = this.client.send(new DescribeTableCommand({ TableName: table })).then(
        ({ Table }) => {
          const schema = Table?.KeySchema ?? [];
          const named = (type: string) => schema.filter((key) => key.KeyType === type).map((key) => key.AttributeName!);
          return [...named('HASH'), ...named('RANGE')];
        },
        () => {
          this.cache.delete(table); // missing now, perhaps created later
          return undefined;
        },
      );
      this.cache.set(table, names);
    }
    return names;
  }
  forget(): void {
    this.cache.clear();
  }
}

function refuse(res: ServerResponse, admission: Exclude<Admission, { admitted: true }>, counts: ConflictCounts): void {
  if (admission.error === 'TransactionConflictException') {
    counts.refusedWrites++;
    return awsError(res, 400, 'TransactionConflictException', ONGOING);
  }
  counts.cancelledTransactions++;
  awsError(res, 400, 'TransactionCanceledException', `Transaction cancelled, please refer cancellation reasons for specific reasons [${admission.reasons.join(', ')}]`, {
    CancellationReasons: admission.reasons.map((code) => (code === 'None' ? { Code: code } : { Code: code, Message: ONGOING })),
  });
}

function awsError(res: ServerResponse, status: number, type: string, message: string, extra: object = {}): void {
  const body = JSON.stringify({ __type: `${ERROR_PREFIX}${type}`, message, ...extra });
  sendRaw(res, status, { 'content-type': JSON_1_0, 'x-amzn-requestid': randomUUID() }, body);
}

function sendRaw(res: ServerResponse, status: number, headers: IncomingHttpHeaders, body: Buffer | string): void {
  const outgoing: Record<string, string | string[] | undefined> = { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  delete outgoing['transfer-encoding'];
  delete outgoing['x-amz-crc32']; // DynamoDB's checksum of the body; ours may differ from upstream's
  res.writeHead(status, outgoing);
  res.end(body);
}

function parseJson(body: Buffer): WireObject | undefined {
  try {
    return asObject(JSON.parse(body.toString('utf8')));
  } catch {
    return undefined;
  }
}
