// Steps shared by the security tests: raw HTTP requests (any method, path, header and body, which fetch
// refuses for some: a body on GET, a malformed escape in the path), and table snapshots (a consistent
// Scan of the local cloud's table) with a diff, to prove that a refused request wrote nothing.
import { request as httpRequest } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_BASE_PATH, REFRESH_REUSE_GRACE_MS } from '#shared/constants.ts';
import type { ApiClient } from '../helpers/api.ts';
import { testCloudEnv } from '../helpers/cloud-under-test.ts';
import { baseUrl, newClient } from './accounts-flows.ts';

const LARGE_BODY = 1024 * 1024;

export interface RawAnswer {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: any;
  setCookies: string[];
}

/** One request exactly as given: `path` is sent as is (under /api/v1 unless it starts with //). */
export function rawRequest(method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<RawAnswer> {
  const url = new URL(baseUrl());
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: `${API_BASE_PATH}${path}`,
        headers: { ...options.headers, ...(body && { 'content-length': String(body.length) }) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          const setCookie = res.headers['set-cookie'];
          resolve({ status: res.statusCode ?? 0, body: parsed, setCookies: setCookie ?? [] });
        });
      },
    );
    // A 413 may close the connection while we are still writing: the answer already came.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (!body || body.length < LARGE_BODY) return void req.end(body);
    // A large body: the headers first, as a client expecting 100-continue would, so an answer given
    // from the Content-Length alone (413, or a GET that reads no body) is read before the server closes
    // the connection on us. The body follows only if no answer came within seconds: a busy machine may
    // take more than a moment to answer, and a body written meanwhile meets the closed connection (EPIPE).
    req.flushHeaders();
    setTimeout(() => (answered ? undefined : req.end(body)), 5_000);
  });
}

export type Item = Record<string, unknown>;
export type Snapshot = Map<string, { item: Item; json: string }>;

let client: DynamoDBDocumentClient | undefined;
function documentClient(): DynamoDBDocumentClient {
  if (client) return client;
  const env = testCloudEnv();
  client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    }),
  );
  return client;
}

/**
 * Moves the last rotation of the session of `refreshToken` back past the reuse grace window, as if
 * those seconds had passed (the window itself is timed for real in security-sessions).
 */
async function pastRefreshGrace(refreshToken: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: testCloudEnv().TABLE_NAME,
      Key: { pk: `SESSION#${refreshToken.split('.')[0]}`, sk: 'SESSION' },
      UpdateExpression: 'SET rotatedAt = :past',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':past': Date.now() - REFRESH_REUSE_GRACE_MS - 1_000 },
    }),
  );
}

/**
 * The owner refreshes, the grace window passes, then a thief presents the refresh token it replaced:
 * answers the thief's response and the replaced token.
 */
export async function reuseReplacedRefreshToken(owner: ApiClient) {
  const replaced = owner.cookies.get('refreshToken')!;
  const renewed = await owner.get('/user/refresh-token');
  if (renewed.status !== 200) throw new Error(`refresh-token answered ${renewed.status}`);
  await pastRefreshGrace(replaced);
  const thief = newClient();
  thief.cookies.set('refreshToken', replaced);
  return { answer: await thief.get('/user/refresh-token'), thief, replaced };
}

/** JSON with sorted keys and sets as sorted arrays, so equal items compare equal. */
function stable(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(stable).sort();
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, stable((value as Item)[key])]));
  }
  return value;
}

/** Every item of the test table, by `pk|sk`, read consistently. */
export async function snapshot(): Promise<Snapshot> {
  const TableName = testCloudEnv().TABLE_NAME;
  const SEGMENTS = 2;
  const result: Snapshot = new Map();
  await Promise.all(
    Array.from({ length: SEGMENTS }, async (_, Segment) => {
      let ExclusiveStartKey: Item | undefined;
      do {
        const page = await documentClient().send(new ScanCommand({ TableName, ConsistentRead: true, Segment, TotalSegments: SEGMENTS, ExclusiveStartKey }));
        for (const item of page.Items ?? []) result.set(`${item.pk}|${item.sk}`, { item, json: JSON.stringify(stable(item)) });
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }),
  );
  return result;
}

export interface Change {
  key: string;
  before?: Item;
  after?: Item;
}

/** Items added, removed or changed between two snapshots. */
export function diff(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  for (const [key, { item, json }] of after) {
    const old = before.get(key);
    if (!old) changes.push({ key, after: item });
    else if (old.json !== json) changes.push({ key, before: old.item, after: item });
  }
  for (const [key, { item }] of before) if (!after.has(key)) changes.push({ key, before: item });
  return changes;
}

/** The attribute names whose values differ between the two sides of a change. */
export function changedAttributes({ before = {}, after = {} }: Change): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(stable(before[name])) !== JSON.stringify(stable(after[name])));
}

/** Whether the change mentions any of `tokens` (ids, emails, markers) in its key or values. */
export function mentions(change: Change, tokens: readonly string[]): boolean {
  const text = `${change.key} ${JSON.stringify(change.before ?? {})} ${JSON.stringify(change.after ?? {})}`.toLowerCase();
  return tokens.some((token) => text.includes(token.toLowerCase()));
}

export const describeChanges = (changes: Change[]) =>
  changes.map((c) => `${c.before ? (c.after ? 'changed' : 'removed') : 'added'} ${c.key} ${c.after && c.before ? changedAttributes(c).join(',') : ''}`).join('\n');
