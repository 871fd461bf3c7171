// `npm run bench -- requests`: what each request on a bet's path costs DynamoDB Local's JVM, the serial
// bound of the hot-event and spike ratios (issue 23). A DynamoDB Local of its own (on disk, as the
// benchmarks' clouds run it) and the table's definition; items shaped as a bet's (the session, the
// event, the team, the wallet; the bet and its ledger entry written); each kind of request sent
// BENCH_REQUESTS (1500) times, 8 at once, in three rounds (the first a warm-up), and the JVM's CPU per
// request read from /proc. From those: the JVM's cost of a raw bet (its transaction) and of an API bet
// (its four requests), and the best ratio the hot event could reach when the JVM is the bottleneck.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { dynamoDbClient, ensureTable, startDynamoDb } from '../../infra/local/dynamodb.ts';
import { childNamed, cpuMsOf } from './processes.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const TABLE = 'bench-requests';
const ROUNDS = ['warm-up', 'first', 'second'] as const;

type Kind = 'transaction' | 'transactionWithSession' | 'firstRead' | 'sessionRead' | 'eventRead' | 'acceptance';
const KINDS: Record<Kind, string> = {
  transaction: "TransactWriteItems: wallet debit, bet, ledger entry (a raw bet; an API bet's trip 2)",
  transactionWithSession: 'the same with a ConditionCheck of the session (4 items)',
  firstRead: "BatchGetItem, consistent: session, event, team (an API bet's trip 1)",
  sessionRead: 'GetItem, consistent: the session alone',
  eventRead: "GetItem, consistent: the event (an API bet's trip 3)",
  acceptance: "UpdateItem: the bet's acceptedAt, conditional (an API bet's trip 4)",
};

export interface RequestsBenchResult {
  /** JVM CPU ms per request, per kind: the mean of the rounds after the warm-up. */
  jvmMs: Record<Kind, number>;
  perRound: Record<Kind, number>[];
  loadStart: number[];
  loadEnd: number[];
}

export async function benchRequests(): Promise<RequestsBenchResult> {
  const loadStart = loadavg();
  const dir = await mkdtemp(join(tmpdir(), 'bpw-bench-requests-'));
  const dynamo = await startDynamoDb(dir);
  try {
    const raw = dynamoDbClient(dynamo.endpoint);
    const doc = DynamoDBDocumentClient.from(raw);
    await ensureTable(raw, TABLE);
    const javaPid = await childNamed(process.pid, 'java');
    if (!javaPid) throw new Error('DynamoDB Local JVM not found');
    const put = (Item: Record<string, unknown>) => doc.send(new PutCommand({ TableName: TABLE, Item }));
    await put({ pk: 'EVENT#e', sk: 'EVENT', entity: 'event', id: 'e', tournamentId: 't', teamIds: ['a', 'b'], time: '2027-01-01T10:00:00.000Z', isBetActive: true, bettingVersion: 3, createdAt: '2026-11-01T10:00:00.000Z', gsi1pk: 'TOURNAMENT#t', gsi1sk: 'EVENT#2027-01-01T10:00:00.000Z#e' });
    await put({ pk: 'TEAM#a', sk: 'TEAM', entity: 'team', id: 'a', teamName: 'Bench Lions', teamRank: 1, trophy: 3 });
    await forEachLimit(Array.from({ length: REQUESTS }, (_, i) => i), 16, async (i) => {
      await put({ pk: `SESSION#s${i}`, sk: 'SESSION', entity: 'session', sessionId: `s${i}`, userId: `u${i}`, role: 'user', secretHash: 'h'.repeat(43), createdAt: '2026-11-01T10:00:00.000Z', expiresAt: 4_000_000_000, ttl: 4_000_000_000, gsi1pk: `USER#u${i}`, gsi1sk: `SESSION#s${i}` });
      await put({ pk: `USER#u${i}`, sk: 'WALLET', entity: 'wallet', coins: 1_000_000 });
    });
    const session = (i: number) => ({ pk: `SESSION#s${i}`, sk: 'SESSION' });
    const betTransaction = (i: number, eventId: string, extra: object[] = []) =>
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName: TABLE, Key: { pk: `USER#u${i}`, sk: 'WALLET' }, UpdateExpression: 'SET coins = coins - :stake', ConditionExpression: 'coins >= :stake', ExpressionAttributeValues: { ':stake': 10 } } },
            { Put: { TableName: TABLE, Item: { pk: `USER#u${i}`, sk: `BET#${eventId}`, entity: 'bet', eventId, userId: `u${i}`, teamId: 'a', amount: 10, status: 'pending', eventVersion: 3, createdAt: '2026-11-27T10:00:00.000Z', gsi1pk: `EVENT#${eventId}#BETS#${i % 16}`, gsi1sk: `BET#u${i}` }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: TABLE, Item: { pk: `USER#u${i}`, sk: `LEDGER#2026-11-27T10:00:00.000Z#bet#${eventId}`, entity: 'ledger', kind: 'bet', amount: -10, eventId } } },
            ...extra,
          ],
        }),
      );
    const requests = (round: string): Record<Kind, (i: number) => Promise<unknown>> => ({
      transaction: (i) => betTransaction(i, `${round}-a`),
      transactionWithSession: (i) =>
        betTransaction(i, `${round}-b`, [{ ConditionCheck: { TableName: TABLE, Key: session(i), ConditionExpression: 'userId = :user AND expiresAt > :now', ExpressionAttributeValues: { ':user': `u${i}`, ':now': 1 } } }]),
      firstRead: (i) => doc.send(new BatchGetCommand({ RequestItems: { [TABLE]: { ConsistentRead: true, Keys: [session(i), { pk: 'EVENT#e', sk: 'EVENT' }, { pk: 'TEAM#a', sk: 'TEAM' }] } } })),
      sessionRead: (i) => doc.send(new GetCommand({ TableName: TABLE, Key: session(i), ConsistentRead: true })),
      eventRead: () => doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'EVENT#e', sk: 'EVENT' }, ConsistentRead: true })),
      acceptance: (i) =>
        doc.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: { pk: `USER#u${i}`, sk: `BET#${round}-a` },
            UpdateExpression: 'SET acceptedAt = :at',
            ConditionExpression: '#status = :pending AND attribute_not_exists(acceptedAt)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':at': '2026-11-27T10:00:01.000Z', ':pending': 'pending' },
          }),
        ),
    });
    const perRound: Record<Kind, number>[] = [];
    for (const round of ROUNDS) {
      const costs = {} as Record<Kind, number>;
      for (const [kind, send] of Object.entries(requests(round)) as [Kind, (i: number) => Promise<unknown>][]) {
        const before = await cpuMsOf(javaPid);
        await forEachLimit(Array.from({ length: REQUESTS }, (_, i) => i), 8, async (i) => void (await send(i)));
        costs[kind] = ((await cpuMsOf(javaPid)) - before) / REQUESTS;
      }
      console.error(`requests benchmark: ${round} round done`);
      perRound.push(costs);
    }
    const measured = perRound.slice(1);
    const jvmMs = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, measured.reduce((sum, round) => sum + round[kind as Kind], 0) / measured.length])) as Record<Kind, number>;
    raw.destroy();
    return { jvmMs, perRound, loadStart, loadEnd: loadavg() };
  } finally {
    await dynamo.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const load = (avg: number[]) => avg.map((n) => n.toFixed(1)).join(' / ');

export function requestsSection(r: RequestsBenchResult, date: string): string {
  const ms = (n: number) => n.toFixed(2);
  const { transaction, transactionWithSession, firstRead, eventRead, acceptance } = r.jvmMs;
  const apiBet = firstRead + transaction + eventRead + acceptance;
  const fewest = transactionWithSession + eventRead + acceptance;
  return [
    `Measured ${date} on this machine (DynamoDB Local on disk, ${REQUESTS} requests of each kind per round, 8 at once; the mean of two rounds after a warm-up). Load average at the start: ${load(r.loadStart)}, at the end: ${load(r.loadEnd)} (1/5/15 min).`,
    '',
    '| request | JVM CPU ms each | each round (the warm-up first) |',
    '|---|---:|---|',
    ...(Object.keys(KINDS) as Kind[]).map((kind) => `| ${KINDS[kind]} | ${ms(r.jvmMs[kind])} | ${r.perRound.map((round) => ms(round[kind])).join(', ')} |`),
    '',
    `- A raw bet (its transaction): **${ms(transaction)} ms** of the JVM. An API bet's four requests: **${ms(apiBet)} ms**. With the JVM the bottleneck, the hot event's ratio can reach at most ${ms(transaction)} / ${ms(apiBet)} = **${(transaction / apiBet).toFixed(2)}**.`,
    `- Even without the first read (the session checked inside the transaction, the event's version taken from a cache, which step 3's read still guards), an API bet would cost ${ms(fewest)} ms: at most **${(transaction / fewest).toFixed(2)}**. The acceptance alone, a write of its own, costs ${ms(acceptance)} ms.`,
  ].join('\n');
}
