// `npm run bench -- requests`: what each request on a bet's path costs DynamoDB Local's JVM, the serial
// bound of the hot-event and spike ratios. A DynamoDB Local of its own (on disk, as the benchmarks'
// clouds run it, with no gateway, stream readers or conflict layer beside it) and the table's
// definition; bettors and open events made as the bet benchmarks make them (bettors.ts); each request of
// a bet's path sent by the code that sends it (the raw bet's transaction; the one-trip bet's, with its
// gate and session ConditionChecks; the close protocol's first read, event read and acceptance),
// BENCH_REQUESTS (1500) times, 8 at once, in a warm-up and BENCH_REQUESTS_ROUNDS (6) measured rounds, each
// round the kinds in the opposite order to the last; the JVM's CPU per request read from /proc, and the
// median over the rounds. From those: the best ratio the hot event could reach when the JVM is the
// bottleneck, for each protocol.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { dynamoDbClient, ensureTable, startDynamoDb } from '../../infra/local/dynamodb.ts';
import { LOCAL_REGION, localCredentials, localSettings } from '../../infra/local/env.ts';
import { ACCESS_COOKIE, WELCOME_COINS } from '../../shared/constants.ts';
import { createBettors, createOpenEvents, domainModules, rawBetItems, STAKE, type Bettor, type OpenEvent } from './bettors.ts';
import { CLOUD_BET_GATES } from '../../infra/bet-gates.ts';
import { childNamed, cpuMsOf } from './processes.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const TABLE = 'bench-requests';
/** A warm-up, then BENCH_REQUESTS_ROUNDS (6) measured rounds: the JVM's cost per request varies by a fifth from round to round. */
const ROUNDS = ['warm-up', ...Array.from({ length: Number(process.env.BENCH_REQUESTS_ROUNDS ?? 6) }, (_, i) => `measured ${i + 1}`)];
const GATES = CLOUD_BET_GATES;

type Kind = 'transaction' | 'transactionWithSession' | 'oneTrip' | 'firstRead' | 'sessionRead' | 'eventRead' | 'acceptance';
const KINDS: Record<Kind, string> = {
  transaction: "TransactWriteItems: wallet debit, bet, ledger entry (a raw bet; the close protocol's trip 2)",
  transactionWithSession: 'the same with a ConditionCheck of the session (4 items)',
  oneTrip: "the one-trip bet, an API bet's only request: the same with ConditionChecks of one of the event's betting gates and of the session (5 items)",
  firstRead: "BatchGetItem, consistent: event, team, session (the close protocol's trip 1)",
  sessionRead: 'GetItem, consistent: the session alone',
  eventRead: "GetItem, consistent: the event (the close protocol's trip 3)",
  acceptance: "UpdateItem: the bet's acceptedAt, conditional (the close protocol's trip 4)",
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
      BET_GATES: String(GATES),
      WELCOME_COINS: String(Math.max(WELCOME_COINS, 3 * ROUNDS.length * STAKE)),
    });
    const m = await domainModules();
    const [{ teamRead }, { stillOpenCheck }, gates] = await Promise.all([import('#functions/data/teams.ts'), import('#functions/data/sessions.ts'), import('#functions/data/betting-gates.ts')]);
    const { readTogether } = m.dynamodb;
    const bettors = await createBettors(m, REQUESTS);
    const events = await createOpenEvents(m, 3 * ROUNDS.length);
    // The one-trip bet's ConditionCheck of one of the event's gates, as placeBet sends it (the events'
    // gates were written as each was created, BET_GATES of them).
    const gateCheck = (event: OpenEvent) => gates.gateCheckItem(event.id, gates.pickGate(), event.teamId, 0, Date.now());
    const tokenOf = (bettor: Bettor) => bettor.cookie.slice(`${ACCESS_COOKIE}=`.length);
    const sessionCheck = async (bettor: Bettor) => {
      const later = await m.sessions.authenticateLater(tokenOf(bettor));
      if (!later) throw new Error("a bettor's access token did not verify");
      return stillOpenCheck(later.claims.sessionId, bettor.userId, Math.floor(Date.now() / 1000));
    };
    const requests = (placed: OpenEvent, checked: OpenEvent, third: OpenEvent): Record<Kind, (bettor: Bettor) => Promise<unknown>> => ({
      transaction: (bettor) => m.dynamodb.transactWrite(rawBetItems(m, bettor, placed)),
      transactionWithSession: async (bettor) => m.dynamodb.transactWrite([...rawBetItems(m, bettor, checked), await sessionCheck(bettor)]),
      oneTrip: async (bettor) => m.dynamodb.transactWrite([...rawBetItems(m, bettor, third), await sessionCheck(bettor), gateCheck(third)]),
      firstRead: async (bettor) => {
        const later = await m.sessions.authenticateLater(tokenOf(bettor));
        const [event, team, open] = await readTogether([m.events.eventRead(placed.id), teamRead(placed.teamId), later?.sessionOpen], true);
        if (!event || !team || open !== true) throw new Error('the first read found no event, team or open session');
      },
      sessionRead: async (bettor) => {
        if (!(await m.sessions.authenticate(tokenOf(bettor)))) throw new Error("a bettor's session is not open");
      },
      eventRead: () => m.events.getEvent(placed.id, true),
      // The close protocol's acceptance, as placeBet wrote it before one-trip bets: a conditional UpdateItem of
      // the bet (of the warm-up round's bet: every round's order of kinds finds it there).
      acceptance: (bettor) =>
        m.dynamodb.db.send(
          new m.lib.UpdateCommand({
            TableName: TABLE,
            Key: { pk: `USER#${bettor.userId}`, sk: `BET#${events[0].id}` },
            UpdateExpression: 'SET acceptedAt = :at',
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':at': new Date().toISOString(), ':pending': 'pending' },
          }),
        ),
    });
    const perRound: Record<Kind, number>[] = [];
    for (const [round, name] of ROUNDS.entries()) {
      const costs = {} as Record<Kind, number>;
      // The kinds in the opposite order each round: the table grows with every request, so a fixed order
      // would charge the later kinds for it; the two measured rounds run them one way and then the other.
      const kinds = Object.entries(requests(events[3 * round], events[3 * round + 1], events[3 * round + 2])) as [Kind, (bettor: Bettor) => Promise<unknown>][];
      for (const [kind, send] of round % 2 === 0 ? kinds : kinds.reverse()) {
        const before = await cpuMsOf(javaPid);
        await forEachLimit(bettors, 8, async (bettor) => void (await send(bettor)));
        costs[kind] = ((await cpuMsOf(javaPid)) - before) / bettors.length;
      }
      console.error(`requests benchmark: ${name} round done`);
      perRound.push(costs);
    }
    const measured = perRound.slice(1);
    const jvmMs = Object.fromEntries((Object.keys(KINDS) as Kind[]).map((kind) => [kind, median(measured.map((round) => round[kind]))])) as Record<Kind, number>;
    return { jvmMs, perRound, loadStart, loadEnd: loadavg() };
  } finally {
    await dynamo.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const load = (avg: number[]) => avg.map((n) => n.toFixed(1)).join(' / ');

export function requestsSection(r: RequestsBenchResult, date: string): string {
  const ms = (n: number) => n.toFixed(2);
  const { transaction, transactionWithSession, oneTrip, firstRead, eventRead, acceptance } = r.jvmMs;
  const apiBet = firstRead + transaction + eventRead + acceptance;
  const oneTripRatios = r.perRound.slice(1).map((round) => round.transaction / round.oneTrip);
  const fewest = transactionWithSession + eventRead + acceptance;
  return [
    `Measured ${date} on this machine (DynamoDB Local on disk, ${REQUESTS} requests of each kind per round, 8 at once; the median of ${ROUNDS.length - 1} rounds after a warm-up, the kinds sent in the opposite order each round). Load average at the start: ${load(r.loadStart)}, at the end: ${load(r.loadEnd)} (1/5/15 min).`,
    '',
    '| request | JVM CPU ms each | each round (the warm-up first) |',
    '|---|---:|---|',
    ...(Object.keys(KINDS) as Kind[]).map((kind) => `| ${KINDS[kind]} | ${ms(r.jvmMs[kind])} | ${r.perRound.map((round) => ms(round[kind])).join(', ')} |`),
    '',
    `- The one-trip bet's ratio in each measured round (the raw transaction's cost over its own, the two measured in the same round): ${oneTripRatios.map((ratio) => ratio.toFixed(2)).join(', ')}; median **${median(oneTripRatios).toFixed(2)}**, lowest ${Math.min(...oneTripRatios).toFixed(2)}, highest ${Math.max(...oneTripRatios).toFixed(2)}.`,
    `- A raw bet (its transaction): **${ms(transaction)} ms** of the JVM. **The one-trip bet** (placeBet's one transaction: the bettor's three items, a ConditionCheck of one of the event's ${GATES} betting gates and one of the session; nothing before or after): **${ms(oneTrip)} ms**, so with the JVM the bottleneck the hot event's ratio can reach at most ${ms(transaction)} / ${ms(oneTrip)} = **${(transaction / oneTrip).toFixed(2)}** (the bar set before building it: 0.75).`,
    `- The close protocol's four requests (before one-trip bets) cost ${ms(apiBet)} ms: at most ${ms(transaction)} / ${ms(apiBet)} = **${(transaction / apiBet).toFixed(2)}**. Without its first read (the session checked inside the transaction) ${ms(fewest)} ms: at most ${(transaction / fewest).toFixed(2)}; its acceptance alone, a write of its own, ${ms(acceptance)} ms.`,
  ].join('\n');
}
