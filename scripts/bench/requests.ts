// `npm run bench -- requests`: what each request on a bet's path costs DynamoDB Local's JVM, the serial
// bound of the hot-event and spike ratios (issue 23). A DynamoDB Local of its own (on disk, as the
// benchmarks' clouds run it, with no gateway, stream readers or conflict layer beside it) and the
// table's definition; bettors and open events made as the bet benchmarks make them (bettors.ts); each
// request sent by the code that sends it on a bet's path (placeBet's first read, the raw bet's
// transaction, the read of the event again, the acceptance), BENCH_REQUESTS (1500) times, 8 at once, in
// three rounds (the first a warm-up), and the JVM's CPU per request read from /proc. From those: the
// JVM's cost of a raw bet (its transaction) and of an API bet (its four requests), and the best ratio
// the hot event could reach when the JVM is the bottleneck.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { dynamoDbClient, ensureTable, startDynamoDb } from '../../infra/local/dynamodb.ts';
import { LOCAL_REGION, localCredentials, localSettings } from '../../infra/local/env.ts';
import { ACCESS_COOKIE, WELCOME_COINS } from '../../shared/constants.ts';
import { createBettors, createOpenEvents, domainModules, rawBetItems, STAKE, type Bettor, type OpenEvent } from './bettors.ts';
import { childNamed, cpuMsOf } from './processes.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const TABLE = 'bench-requests';
const ROUNDS = ['warm-up', 'first', 'second'] as const;

type Kind = 'transaction' | 'transactionWithSession' | 'firstRead' | 'sessionRead' | 'eventRead' | 'acceptance';
const KINDS: Record<Kind, string> = {
  transaction: "TransactWriteItems: wallet debit, bet, ledger entry (a raw bet; an API bet's trip 2)",
  transactionWithSession: 'the same with a ConditionCheck of the session (4 items)',
  firstRead: "BatchGetItem, consistent: event, team, session (an API bet's trip 1)",
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
    const javaPid = await childNamed(process.pid, 'java');
    if (!javaPid) throw new Error('DynamoDB Local JVM not found');
    const client = dynamoDbClient(dynamo.endpoint);
    await ensureTable(client, TABLE);
    client.destroy();
    // The functions' modules against this DynamoDB Local; each bettor's welcome coins cover a bet per round and kind.
    Object.assign(process.env, {
      ...localSettings(0),
      TABLE_NAME: TABLE,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      WELCOME_COINS: String(Math.max(WELCOME_COINS, 2 * ROUNDS.length * STAKE)),
    });
    const m = await domainModules();
    const [{ teamRead }, { stillOpenCheck }] = await Promise.all([import('#functions/data/teams.ts'), import('#functions/data/sessions.ts')]);
    const { readTogether } = m.dynamodb;
    const bettors = await createBettors(m, REQUESTS);
    const events = await createOpenEvents(m, 2 * ROUNDS.length);
    const tokenOf = (bettor: Bettor) => bettor.cookie.slice(`${ACCESS_COOKIE}=`.length);
    const sessionCheck = async (bettor: Bettor) => {
      const later = await m.sessions.authenticateLater(tokenOf(bettor));
      if (!later) throw new Error("a bettor's access token did not verify");
      return stillOpenCheck(later.claims.sessionId, bettor.userId, Math.floor(Date.now() / 1000));
    };
    const requests = (placed: OpenEvent, checked: OpenEvent): Record<Kind, (bettor: Bettor) => Promise<unknown>> => ({
      transaction: (bettor) => m.dynamodb.transactWrite(rawBetItems(m, bettor, placed)),
      transactionWithSession: async (bettor) => m.dynamodb.transactWrite([...rawBetItems(m, bettor, checked), await sessionCheck(bettor)]),
      firstRead: async (bettor) => {
        const later = await m.sessions.authenticateLater(tokenOf(bettor));
        const [event, team, open] = await readTogether([m.events.eventRead(placed.id), teamRead(placed.teamId), later?.sessionOpen], true);
        if (!event || !team || open !== true) throw new Error('the first read found no event, team or open session');
      },
      sessionRead: async (bettor) => {
        if (!(await m.sessions.authenticate(tokenOf(bettor)))) throw new Error("a bettor's session is not open");
      },
      eventRead: () => m.events.getEvent(placed.id, true),
      acceptance: async (bettor) => {
        if (!(await m.bets.acceptBet(bettor.userId, placed.id, new Date().toISOString()))) throw new Error('a bet was not accepted');
      },
    });
    const perRound: Record<Kind, number>[] = [];
    for (const [round, name] of ROUNDS.entries()) {
      const costs = {} as Record<Kind, number>;
      for (const [kind, send] of Object.entries(requests(events[2 * round], events[2 * round + 1])) as [Kind, (bettor: Bettor) => Promise<unknown>][]) {
        const before = await cpuMsOf(javaPid);
        await forEachLimit(bettors, 8, async (bettor) => void (await send(bettor)));
        costs[kind] = ((await cpuMsOf(javaPid)) - before) / bettors.length;
      }
      console.error(`requests benchmark: ${name} round done`);
      perRound.push(costs);
    }
    const measured = perRound.slice(1);
    const jvmMs = Object.fromEntries((Object.keys(KINDS) as Kind[]).map((kind) => [kind, measured.reduce((sum, round) => sum + round[kind], 0) / measured.length])) as Record<Kind, number>;
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
