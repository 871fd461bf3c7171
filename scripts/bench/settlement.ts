// Settlement and live notifications, `npm run bench` (or `npm run bench -- settlement`), on a fresh local
// cloud (infra/local/cloud-process.ts), with users, events and pending bets written straight to its
// DynamoDB Local through the functions' own item builders (the items placeBet writes), in batches:
//
// 1. Settling an event with BENCH_SETTLE_BETS (5,000) bets, half on each team. "api": the operator posts
//    the result (POST /api/v1/admin/events/{id}/result, logged in as the seeded operator); the gateway
//    queues it and its settlement worker settles every bet; timed from the POST until the event is marked
//    settled. "raw" (the baseline, same run, another event with as many bets of the same users): the same
//    TransactWriteItems the worker commits (per bet: state update, wallet credit, bettor trophy, payout
//    ledger entry, notification and inbox count, built by the same settlement functions and packed the
//    same way, up to 100 items a transaction), sent straight to the same DynamoDB Local with the worker's
//    parallelism (SETTLE_CONCURRENCY). Afterwards every bet,
//    payout entry, wallet, trophy and inbox count is read back to prove each bet was settled exactly once.
// 2. The delay from the result's POST to each of BENCH_WS_CONNECTIONS (500) open, joined WebSocket
//    connections receiving its {"event":"notification"} (one bettor per connection, one bet each, on one
//    event). Baseline: a bare PostToConnection loop (the SDK client, as functions/platform/socket-posts.ts sends)
//    to the same connections through the gateway's @connections endpoint, with the push pool's
//    parallelism, measured before and after the settlement. And the raw time to commit the same
//    settlement: two twin events with the same bettors' bets (same users, same teams, so the same
//    transactions packed the same way), settled raw as in 1. just before and just after; the ratio
//    reported is the notifications' p99 (POST -> arrival) over the mean of those two commit times.
// Bounded: a watchdog stops the cloud and exits after TIME_LIMIT_MS; every wait has its own limit.
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import WebSocket from 'ws';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import type { TransactItem } from '#functions/platform/dynamodb.ts';
import type { Notice } from '#functions/notifications/notice-texts.ts';
import { startCloudProcess } from '../../infra/local/cloud-process.ts';
import { localSettings } from '../../infra/local/env.ts';
import { ACCESS_COOKIE, API_BASE_PATH, WELCOME_COINS } from '../../shared/constants.ts';
import { codeUnderTest, machineLine } from './bettors.ts';
import { childNamed, cpuTimes, untilQuiet, type CpuTimes } from './processes.ts';
import { percentile } from './stats.ts';

const BETS = Number(process.env.BENCH_SETTLE_BETS ?? 5000);
const WARMUP_BETS = Number(process.env.BENCH_SETTLE_WARMUP_BETS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_WS_CONNECTIONS ?? 500);
const STAKE = 100;
const TIME_LIMIT_MS = 600_000;
const SETTLE_LIMIT_MS = 200_000;
const PUSH_LIMIT_MS = 60_000;
const PING_LIMIT_MS = 20_000;
const WRITE_PARALLELISM = 8;
const OPERATOR = { email: process.env.ADMIN_EMAIL ?? 'admin@betplaywin.local', password: process.env.ADMIN_PASSWORD ?? 'admin-password-123' };
export const SETTLE_RATIO_TARGET = 0.7;
export const PUSH_P99_TARGET_MS = 2_000;
/** Notification p99 (result POST -> arrival) over the raw commit time of the same settlement transactions. */
export const PUSH_RAW_RATIO_TARGET = 1.25;

/** api: an organiser's result; confirmed: a referee's result an organiser confirms; raw: the same transactions straight to DynamoDB. */
type Mode = 'api' | 'raw' | 'confirmed';
interface Team {
  id: string;
  name: string;
}
/** What the bench wrote for one event: its pending bets. */
interface BenchEvent {
  id: string;
  bets: BetRecord[];
}
type BetRecord = import('#functions/data/bets.ts').BetRecord;
type Item = Record<string, unknown>;

export interface SettleRun {
  mode: Mode;
  bets: number;
  seconds: number;
  betsPerSecond: number;
  /** api: the event's settledAt minus its decidedAt (the worker's own span, without the polling). */
  serverSeconds?: number;
  cpuMs: CpuTimes;
  /** raw: transactions that failed, by error. */
  failures: Map<string, number>;
}
export interface EventCheck {
  mode: Mode;
  bets: number;
  won: number;
  lost: number;
  pending: number;
  wrongStatus: number;
  payoutEntries: number;
  wrongPayoutEntries: number;
}
export interface AccountCheck {
  users: number;
  walletMismatches: number;
  trophyMismatches: number;
  inboxMismatches: number;
}
export interface PushRound {
  label: string;
  arrived: number;
  p50: number;
  p99: number;
  max: number;
  cpuMs: CpuTimes;
}
export interface SettlementBenchResult {
  /** The worker's parallelism (SETTLE_CONCURRENCY), used by the raw baseline too. */
  concurrency: number;
  /** The worker's pool of socket posts (SOCKET_POST_CONCURRENCY), used by the bare post loop too. */
  pushConcurrency: number;
  setupSeconds: number;
  warmup: SettleRun[];
  runs: SettleRun[];
  eventChecks: EventCheck[];
  accounts: AccountCheck;
  push: {
    connections: number;
    baselines: PushRound[];
    settlement: PushRound;
    wrongCause: number;
    duplicates: number;
    settledSeconds?: number;
    /** The raw commit of the same settlement's transactions (twin events), just before and just after it. */
    rawCommits: SettleRun[];
  };
  loadStart: number[];
  loadEnd: number[];
}

export async function benchSettlement(): Promise<SettlementBenchResult> {
  const loadStart = loadavg();
  const started = performance.now();
  const settings = { JWT_SECRET: randomBytes(48).toString('base64url') };
  const cloud = await startCloudProcess({
    env: { ...process.env, ...settings },
    dataDirPrefix: 'bpw-bench-settle-',
    // BENCH_CPU_PROF_DIR=<dir>: a CPU profile of the gateway's process, written when it stops.
    nodeArgs: process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [],
  });
  const watchdog = setTimeout(() => {
    console.error(`settlement benchmark: over its ${TIME_LIMIT_MS / 1000} s limit, stopping`);
    void cloud.stop().finally(() => process.exit(1));
  }, TIME_LIMIT_MS);
  const sockets: Listener[] = [];
  let succeeded = false;
  try {
    const port = Number(new URL(cloud.baseUrl).port);
    Object.assign(process.env, localSettings(port), cloud.cloudEnv, settings);
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const m = await domainModules();
    const javaPid = await childNamed(cloud.pid, 'java');
    const cpu = () => cpuTimes(cloud.pid, javaPid);
    // Every timed run starts on a quiet cloud, not in the wake of the run before it.
    const quiet = async (label: string) => {
      const waited = await untilQuiet(cloud.pid, javaPid);
      console.error(`settlement benchmark: quiet after ${(waited / 1000).toFixed(1)} s, before ${label}`);
    };

    // Setup: users, two teams, the events and their pending bets (user i bets on team i % 2; team 0 wins).
    const [operatorCookie, teams] = await Promise.all([logIn(cloud.baseUrl), createTeams(m, ['Settle Lions', 'Settle Tigers'])]);
    const userIds = Array.from({ length: Math.max(BETS, CONNECTIONS, WARMUP_BETS) }, () => randomUUID());
    const eventIds = await createEvents(m, teams, 8);
    const plan: [string, number][] = [
      ['warm-api', WARMUP_BETS],
      ['warm-raw', WARMUP_BETS],
      ['api', BETS],
      ['raw', BETS],
      ['ws', CONNECTIONS],
      // Twins of 'ws' (the same bettors on the same teams): the raw commit of the same settlement.
      ['ws-raw-before', CONNECTIONS],
      ['ws-raw-after', CONNECTIONS],
      ['confirmed', BETS],
    ];
    const events = new Map<string, BenchEvent>(plan.map(([name, count], i) => [name, { id: eventIds[i], bets: userIds.slice(0, count).map((u, j) => newBet(u, eventIds[i], teams[j % 2])) }]));
    const betCount = new Map<string, number>();
    for (const event of events.values()) for (const bet of event.bets) betCount.set(bet.userId, (betCount.get(bet.userId) ?? 0) + 1);
    const startingCoins = (userId: string) => Math.max(WELCOME_COINS, 10 * STAKE) - STAKE * (betCount.get(userId) ?? 0);
    await writeSetup(m, userIds, startingCoins, [...events.values()]);
    const setupSeconds = (performance.now() - started) / 1000;
    console.error(`settlement benchmark: set up ${userIds.length} users and ${[...events.values()].reduce((n, e) => n + e.bets.length, 0)} bets in ${setupSeconds.toFixed(1)} s`);

    const settle = async (mode: Mode, event: BenchEvent): Promise<SettleRun> => {
      await quiet(`${mode} ${event.bets.length}`);
      const before = await cpu();
      const run =
        mode === 'api'
          ? await settleThroughApi(m, cloud.baseUrl, operatorCookie, event, teams[0].id)
          : mode === 'confirmed'
            ? await settleThroughConfirmation(m, cloud.baseUrl, operatorCookie, event, teams[0].id)
            : await settleRaw(m, event, teams[0].id);
      const after = await cpu();
      const cpuMs = { gateway: after.gateway - before.gateway, java: after.java - before.java, driver: after.driver - before.driver };
      const result = { ...run, mode, bets: event.bets.length, betsPerSecond: event.bets.length / run.seconds, cpuMs };
      console.error(`settlement benchmark: ${mode} ${result.bets} bets in ${result.seconds.toFixed(1)} s (${result.betsPerSecond.toFixed(0)} bets/s)`);
      return result;
    };
    // Warm-up (not reported): the gateway loads the worker, the JVM compiles the transaction paths.
    const warmup = [await settle('api', events.get('warm-api')!), await settle('raw', events.get('warm-raw')!)];
    const runs = [await settle('raw', events.get('raw')!), await settle('api', events.get('api')!), await settle('confirmed', events.get('confirmed')!)];

    // Live notifications: one joined WebSocket per bettor of the 'ws' event.
    const wsEvent = events.get('ws')!;
    const cookies = await openSessions(m, wsEvent.bets.map((b) => b.userId));
    const wsUrl = `${cloud.baseUrl.replace('http', 'ws')}/ws`;
    await forEachLimit(wsEvent.bets, 25, async (bet) => {
      sockets.push(await openListener(wsUrl, bet.userId, cookies.get(bet.userId)!));
    });
    await forEachLimit(sockets, 25, async (listener) => {
      const ids = await m.connections.listUserConnectionIds(listener.userId);
      if (ids.length !== 1) throw new Error(`user ${listener.userId} has ${ids.length} connections, expected 1`);
      listener.connectionId = ids[0];
    });
    const management = new ApiGatewayManagementApiClient({ endpoint: `http://127.0.0.1:${port}` });
    const pingRound = async (label: string): Promise<PushRound> => {
      await quiet(label);
      const before = await cpu();
      const round = await pingAll(management, sockets, label, m.sweep.SOCKET_POST_CONCURRENCY);
      const after = await cpu();
      return { ...round, cpuMs: { gateway: after.gateway - before.gateway, java: after.java - before.java, driver: after.driver - before.driver } };
    };
    await pingRound('warm-up'); // not reported
    const baselineBefore = await pingRound('PostToConnection loop, before');
    const rawBefore = await settle('raw', events.get('ws-raw-before')!);
    await quiet('the notified settlement');
    const before = await cpu();
    const pushed = await notifyThroughSettlement(m, cloud.baseUrl, operatorCookie, wsEvent, teams[0].id, sockets);
    const after = await cpu();
    const settlementRound: PushRound = { ...pushed.round, cpuMs: { gateway: after.gateway - before.gateway, java: after.java - before.java, driver: after.driver - before.driver } };
    const rawAfter = await settle('raw', events.get('ws-raw-after')!);
    const baselineAfter = await pingRound('PostToConnection loop, after');
    management.destroy();
    for (const listener of sockets) listener.socket.terminate();

    // Exactly once: read everything back.
    const eventChecks: EventCheck[] = [];
    const betsRead = new Map<string, Item[]>();
    for (const [name, event] of events) {
      const { check, items } = await checkEvent(m, event, teams[0].id);
      betsRead.set(name, items);
      if (name === 'api' || name === 'raw' || name === 'confirmed') eventChecks.push({ ...check, mode: name });
    }
    const accounts = await checkAccounts(m, userIds, startingCoins, [...betsRead.values()].flat());

    const result: SettlementBenchResult = {
      concurrency: m.sweep.SETTLE_CONCURRENCY,
      pushConcurrency: m.sweep.SOCKET_POST_CONCURRENCY,
      setupSeconds,
      warmup,
      runs,
      eventChecks,
      accounts,
      push: {
        connections: sockets.length,
        baselines: [baselineBefore, baselineAfter],
        settlement: settlementRound,
        wrongCause: pushed.wrongCause,
        duplicates: pushed.duplicates,
        settledSeconds: pushed.settledSeconds,
        rawCommits: [rawBefore, rawAfter],
      },
      loadStart,
      loadEnd: loadavg(),
    };
    succeeded = true;
    return result;
  } finally {
    clearTimeout(watchdog);
    for (const listener of sockets) listener.socket.terminate();
    await cloud.stop();
    if (succeeded) await rm(cloud.logFile, { force: true }); // kept for reading when something failed
  }
}

/** The functions' own modules; imported only once process.env points at the cloud's table. */
export async function domainModules() {
  const [lib, dynamodb, keys, users, board, wallets, ledger, bets, events, connections, notificationData, settlement, sweep, sessions, catalog] =
    await Promise.all([
      import('@aws-sdk/lib-dynamodb'),
      import('#functions/platform/dynamodb.ts'),
      import('#functions/data/keys.ts'),
      import('#functions/data/users.ts'),
      import('#functions/data/leaderboard-index.ts'),
      import('#functions/data/wallets.ts'),
      import('#functions/data/ledger.ts'),
      import('#functions/data/bets.ts'),
      import('#functions/data/events.ts'),
      import('#functions/data/connections.ts'),
      import('#functions/data/notifications.ts'),
      import('#functions/settlement/settling.ts'),
      import('#functions/settlement/index-sweep.ts'),
      import('#functions/identity/sessions.ts'),
      import('#functions/catalog/edits.ts'),
    ]);
  return { lib, dynamodb, keys, users, board, wallets, ledger, bets, events, connections, notificationData, settlement, sweep, sessions, catalog };
}
export type Domain = Awaited<ReturnType<typeof domainModules>>;

/** The operator's access cookie, logging in through the API once (one scrypt in the gateway). */
async function logIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${API_BASE_PATH}/user/login-user`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${ACCESS_COOKIE}=`));
  if (response.status !== 200 || !cookie) throw new Error(`operator login failed: ${response.status} ${body.slice(0, 200)}`);
  return cookie.split(';')[0];
}

export async function createTeams(m: Domain, names: string[]): Promise<Team[]> {
  const teams = [];
  for (const teamName of names) teams.push(await m.catalog.createTeam({ teamName, teamRank: 1, members: [{ name: 'Asha' }] }));
  return teams.map((t) => ({ id: t._id, name: t.teamName }));
}

/** Open events (starting in two hours) between the two teams, in one tournament. */
async function createEvents(m: Domain, teams: Team[], count: number): Promise<string[]> {
  const tournament = await m.catalog.createTournament({ title: 'Settlement Cup', previewImg: '/demo/cricket.svg' });
  const time = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  const events = await Promise.all(Array.from({ length: count }, () => m.catalog.createEvent({ tournamentId: tournament._id, time, teamIds: [teams[0].id, teams[1].id] })));
  return events.map((e) => e._id);
}

function newBet(userId: string, eventId: string, team: Team): BetRecord {
  const createdAt = new Date().toISOString();
  return {
    userId,
    eventId,
    teamId: team.id,
    teamName: team.name,
    amount: STAKE,
    betWay: 'coin',
    status: 'pending',
    transactionId: randomUUID(),
    isPaid: false,
    createdAt,
    // As placeBet writes it: placed under the event's lineup 0 (the bench's events never change teams).
    eventVersion: 0,
  };
}

/**
 * Verified users (profile on the bettor board), their wallets (the welcome coins less their stakes) and
 * each bet with its ledger entry: the Put items of newUserItems / newWalletItem / newBetItem /
 * ledgerEntryItem, written with BatchWriteItem (25 a request) instead of one transaction per bet.
 */
async function writeSetup(m: Domain, userIds: string[], startingCoins: (userId: string) => number, events: BenchEvent[]): Promise<void> {
  const createdAt = new Date().toISOString();
  const items = accountItems(m, userIds, startingCoins);
  for (const event of events) {
    for (const bet of event.bets) {
      items.push(putOf(m.bets.newBetItem(bet)));
      items.push(putOf(m.ledger.ledgerEntryItem({ userId: bet.userId, entryId: m.ledger.betEntryId(bet.eventId), kind: 'bet', coins: -STAKE, cashPaise: 0, createdAt })));
    }
  }
  await writeItems(m, items);
}

export const putOf = (item: import('#functions/platform/dynamodb.ts').TransactItem) => item.Put!.Item as Item;

/** Verified users (profile on the bettor board) and their wallets, as newUserItems / newWalletItem put them. */
export function accountItems(m: Domain, userIds: string[], startingCoins: (userId: string) => number): Item[] {
  const createdAt = new Date().toISOString();
  return userIds.flatMap((userId, i) => {
    const user = { id: userId, userName: `Settler ${i}`, email: `settler-${userId}@bench.local`, passwordHash: 'none', role: 'user', verified: true, trophy: 0, createdAt } as const;
    return [{ ...putOf(m.users.newUserItems(user)[0]), ...m.board.leaderboardKeys('BETTORS', 0, userId) }, { ...putOf(m.wallets.newWalletItem(userId)), coins: startingCoins(userId) }];
  });
}

/** Puts the items with BatchWriteItem (25 a request), instead of one transaction each. */
export async function writeItems(m: Domain, items: Item[]): Promise<void> {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  await forEachLimit(batches, WRITE_PARALLELISM, async (batch) => {
    let pending = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 1) await sleep(Math.min(1_000, 20 * 2 ** attempt));
      if (attempt > 10) throw new Error('BatchWriteItem kept leaving items unprocessed');
      const { UnprocessedItems } = await m.dynamodb.db.send(new m.lib.BatchWriteCommand({ RequestItems: { [m.dynamodb.tableName()]: pending } }));
      pending = (UnprocessedItems?.[m.dynamodb.tableName()] ?? []) as typeof pending;
    }
  });
}

/**
 * A referee's result waiting on the event (written untimed, as a scorer link's end leaves it), then
 * confirmed by the operator (POST /provisional/confirm, timed) until the worker has marked the event settled.
 */
async function settleThroughConfirmation(m: Domain, baseUrl: string, cookie: string, event: BenchEvent, winnerTeamId: string) {
  const record = (await m.events.getEvent(event.id, true))!;
  const score = record.teamIds[0] === winnerTeamId ? { home: 2, away: 1 } : { home: 1, away: 2 };
  const at = new Date().toISOString();
  const provisional = { outcome: { winnerTeamId, score }, by: 'Scorer link: Bench', linkId: 'bench', at, confirmsAt: new Date(Date.now() + 600_000).toISOString() };
  if (!(await m.events.setLiveScore(record, score, at, Date.now(), provisional))) throw new Error(`event ${event.id}: the referee's result was not written`);
  const started = performance.now();
  const response = await fetch(`${baseUrl}${API_BASE_PATH}/admin/events/${event.id}/provisional/confirm`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 202) throw new Error(`POST confirm answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const settled = await waitUntilSettled(m, event.id, SETTLE_LIMIT_MS);
  if (!settled) throw new Error(`event ${event.id} was not settled within ${SETTLE_LIMIT_MS / 1000} s`);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, serverSeconds: (Date.parse(settled.settledAt!) - Date.parse(settled.decidedAt!)) / 1000, failures: new Map<string, number>() };
}

/** Posts the winner as the operator and waits until the worker has marked the event settled. */
async function settleThroughApi(m: Domain, baseUrl: string, cookie: string, event: BenchEvent, winnerTeamId: string) {
  const started = performance.now();
  await postResult(baseUrl, cookie, event.id, winnerTeamId);
  const settled = await waitUntilSettled(m, event.id, SETTLE_LIMIT_MS);
  if (!settled) throw new Error(`event ${event.id} was not settled within ${SETTLE_LIMIT_MS / 1000} s`);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, serverSeconds: (Date.parse(settled.settledAt!) - Date.parse(settled.decidedAt!)) / 1000, failures: new Map<string, number>() };
}

async function postResult(baseUrl: string, cookie: string, eventId: string, winnerTeamId: string): Promise<void> {
  const response = await fetch(`${baseUrl}${API_BASE_PATH}/admin/events/${eventId}/result`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ winnerTeamId }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  if (response.status !== 202) throw new Error(`POST result answered ${response.status}: ${body.slice(0, 200)}`);
}

/** The event once its settledAt is set (polled every 50 ms), or undefined after `limitMs`. */
async function waitUntilSettled(m: Domain, eventId: string, limitMs: number) {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    const event = await m.events.getEvent(eventId, true);
    if (event?.settledAt) return event;
    await sleep(50);
  }
  return undefined;
}

/**
 * The baseline: the worker's settlement transactions (settling.ts betSettlement packed by index-sweep.ts
 * packSettlements, each with its notifications, as commitNotifying commits them), committed with
 * transactWrite (its retry on lost races included) at the worker's parallelism. The bettors' current
 * trophy counts are read first, untimed (the worker reads them inside its span).
 */
async function settleRaw(m: Domain, event: BenchEvent, winnerTeamId: string) {
  const decided = { ...(await m.events.getEvent(event.id, true))!, winnerTeamId };
  const trophies = await m.settlement.bettorTrophies(decided, event.bets);
  const failures = new Map<string, number>();
  const started = performance.now();
  const at = new Date().toISOString();
  const batches = m.sweep.packSettlements(event.bets.map((bet) => m.settlement.betSettlement(decided, bet, at, trophies)));
  await commitBatchesRaw(m, batches, failures);
  return { seconds: (performance.now() - started) / 1000, failures };
}

/**
 * Commits packed batches straight to DynamoDB with transactWrite at the worker's parallelism, each
 * transaction's notices last as commitNotifying commits them; a failed batch counts its moves in `failures`
 * by error (the settlement and pool-share baselines).
 */
export async function commitBatchesRaw(m: Domain, batches: { items: TransactItem[]; notice: Notice }[][], failures: Map<string, number>): Promise<void> {
  await forEachLimit(batches, m.sweep.SETTLE_CONCURRENCY, async (batch) => {
    const items = [...batch.flatMap((move) => move.items), ...batch.flatMap((move) => m.notificationData.newNotificationItems(move.notice))];
    try {
      await m.dynamodb.transactWrite(items);
    } catch (error) {
      const key = m.dynamodb.cancellationCodes(error)?.join('/') ?? (error as Error).name;
      failures.set(key, (failures.get(key) ?? 0) + batch.length);
    }
  });
}

export async function getMany(m: Domain, keys: { pk: string; sk: string }[]): Promise<Item[]> {
  const chunks = Array.from({ length: Math.ceil(keys.length / 500) }, (_, i) => keys.slice(i * 500, i * 500 + 500));
  const found: Item[] = [];
  await forEachLimit(chunks, 4, async (chunk) => {
    found.push(...(await m.dynamodb.batchGetAll(chunk)));
  });
  return found;
}

/** Each bet of the event in its final state, and its payout entry present exactly for the winners. */
async function checkEvent(m: Domain, event: BenchEvent, winnerTeamId: string): Promise<{ check: Omit<EventCheck, 'mode'>; items: Item[] }> {
  const pk = m.keys.userPk;
  const items = await getMany(
    m,
    event.bets.map((b) => ({ pk: pk(b.userId), sk: `BET#${event.id}` })),
  );
  const byUser = new Map(items.map((item) => [item.userId as string, item]));
  const payouts = await getMany(
    m,
    event.bets.map((b) => ({ pk: pk(b.userId), sk: `LEDGER#${m.ledger.payoutEntryId(event.id)}` })),
  );
  const paid = new Set(payouts.map((p) => p.userId as string));
  const check = { bets: event.bets.length, won: 0, lost: 0, pending: 0, wrongStatus: 0, payoutEntries: payouts.length, wrongPayoutEntries: 0 };
  for (const bet of event.bets) {
    const status = byUser.get(bet.userId)?.status;
    const wins = bet.teamId === winnerTeamId;
    if (status === 'won') check.won++;
    else if (status === 'lost') check.lost++;
    else if (status === 'pending') check.pending++;
    if (status !== (wins ? 'won' : 'lost')) check.wrongStatus++;
    if (paid.has(bet.userId) !== wins) check.wrongPayoutEntries++;
  }
  return { check, items };
}

/**
 * Every user's wallet, trophy count and unread count against what their settled bets should have
 * done, once each: coins = start + the payouts of the won bets, trophies = won bets, unread = settled bets.
 */
async function checkAccounts(m: Domain, userIds: string[], startingCoins: (userId: string) => number, bets: Item[]): Promise<AccountCheck> {
  const expected = new Map(userIds.map((id) => [id, { coins: startingCoins(id), trophy: 0, unread: 0 }]));
  for (const bet of bets) {
    const of = expected.get(bet.userId as string)!;
    if (bet.status === 'pending') continue;
    of.unread++;
    if (bet.status === 'won') {
      of.coins += bet.payout as number;
      of.trophy++;
    }
  }
  const pk = m.keys.userPk;
  const [wallets, profiles, inboxes] = await Promise.all([
    getMany(m, userIds.map((id) => ({ pk: pk(id), sk: 'WALLET' }))),
    getMany(m, userIds.map((id) => ({ pk: pk(id), sk: 'PROFILE' }))),
    getMany(m, userIds.map((id) => ({ pk: pk(id), sk: 'INBOX' }))),
  ]);
  // A profile names its user `id`; wallets and inboxes `userId`.
  const by = (items: Item[], field: string) => new Map(items.map((item) => [(item.userId ?? item.id) as string, item[field] as number]));
  const [coins, trophies, unread] = [by(wallets, 'coins'), by(profiles, 'trophy'), by(inboxes, 'unread')];
  const result: AccountCheck = { users: userIds.length, walletMismatches: 0, trophyMismatches: 0, inboxMismatches: 0 };
  for (const [id, want] of expected) {
    if (coins.get(id) !== want.coins) result.walletMismatches++;
    if ((trophies.get(id) ?? 0) !== want.trophy) result.trophyMismatches++;
    if ((unread.get(id) ?? 0) !== want.unread) result.inboxMismatches++;
  }
  return result;
}

/** Sessions for these users (the items prepareSession makes, as login writes them); their access cookies. */
export async function openSessions(m: Domain, userIds: string[]): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  await forEachLimit(userIds, WRITE_PARALLELISM, async (userId) => {
    const session = await m.sessions.prepareSession({ userId, role: 'user' });
    await m.dynamodb.transactWrite(session.items);
    cookies.set(userId, `${ACCESS_COOKIE}=${session.tokens.accessToken}`);
  });
  return cookies;
}

interface Listener {
  userId: string;
  socket: WebSocket;
  connectionId?: string;
  /** performance.now() when each labelled message arrived. */
  arrivals: Map<string, number>;
  notifications: { at: number; id: string }[];
}

/** A WebSocket to /ws with the user's cookie, joined as the user, recording when messages arrive. */
async function openListener(url: string, userId: string, cookie: string): Promise<Listener> {
  const socket = new WebSocket(url, { headers: { cookie } });
  const listener: Listener = { userId, socket, arrivals: new Map(), notifications: [] };
  let joined: ((status: number) => void) | undefined;
  socket.on('message', (data) => {
    const at = performance.now();
    const message = JSON.parse((data as Buffer).toString()) as { event?: string; action?: string; statusCode?: number; label?: string; data?: { _id: string } };
    if (message.event === 'notification') listener.notifications.push({ at, id: message.data!._id });
    else if (message.event === 'bench-ping') listener.arrivals.set(message.label!, at);
    else if (message.action === 'join') joined?.(message.statusCode!);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const status = await new Promise<number>((resolve, reject) => {
    joined = resolve;
    setTimeout(() => reject(new Error('no answer to join within 10 s')), 10_000).unref();
    socket.send(JSON.stringify({ action: 'join', userId }));
  });
  if (status !== 200) throw new Error(`join answered ${status}`);
  return listener;
}

/** Waits until `done` holds or `limitMs` passes (checked every 10 ms). */
async function waitUntil(done: () => boolean, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!done() && performance.now() < deadline) await sleep(10);
}

/** The delay of each connection's receipt after `started`, for those that arrived. */
function roundOf(label: string, delays: number[]) {
  return { label, arrived: delays.length, p50: percentile(delays, 50), p99: percentile(delays, 99), max: Math.max(...delays) };
}

/** The baseline: one PostToConnection per connection, `parallelism` in flight, through @connections. */
async function pingAll(client: ApiGatewayManagementApiClient, listeners: Listener[], label: string, parallelism: number) {
  const data = (l: Listener) => new TextEncoder().encode(JSON.stringify({ event: 'bench-ping', label, userId: l.userId }));
  const started = performance.now();
  await forEachLimit(listeners, parallelism, async (listener) => {
    await client.send(new PostToConnectionCommand({ ConnectionId: listener.connectionId, Data: data(listener) }));
  });
  await waitUntil(() => listeners.every((l) => l.arrivals.has(label)), PING_LIMIT_MS);
  const delays = listeners.flatMap((l) => (l.arrivals.has(label) ? [l.arrivals.get(label)! - started] : []));
  return roundOf(label, delays);
}

/** Posts the result and times each connection's notification; checks it names this event, and arrives once. */
async function notifyThroughSettlement(m: Domain, baseUrl: string, cookie: string, event: BenchEvent, winnerTeamId: string, listeners: Listener[]) {
  const started = performance.now();
  await postResult(baseUrl, cookie, event.id, winnerTeamId);
  await waitUntil(() => listeners.every((l) => l.notifications.length > 0), PUSH_LIMIT_MS);
  const delays = listeners.flatMap((l) => (l.notifications.length > 0 ? [l.notifications[0].at - started] : []));
  const settled = await waitUntilSettled(m, event.id, 20_000);
  await sleep(500); // a second push of a notification would arrive by now
  const causeOf = (id: string) => Buffer.from(id, 'base64url').toString();
  const wrongCause = listeners.filter((l) => l.notifications.some((n) => !causeOf(n.id).endsWith(`#${event.id}`))).length;
  const duplicates = listeners.filter((l) => l.notifications.length > 1).length;
  const settledSeconds = settled ? (performance.now() - started) / 1000 : undefined;
  return { round: roundOf('settlement', delays), wrongCause, duplicates, settledSeconds };
}

/** The Markdown for docs/benchmarks.md. */
export function settlementSection(r: SettlementBenchResult, date: string): string {
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const run = (mode: Mode) => r.runs.find((x) => x.mode === mode)!;
  const [api, raw, confirmed] = [run('api'), run('raw'), run('confirmed')];
  const ratio = api.betsPerSecond / raw.betsPerSecond;
  const cpuPerBet = (x: SettleRun) => `${(x.cpuMs.gateway / x.bets).toFixed(1)} / ${(x.cpuMs.java / x.bets).toFixed(1)} / ${(x.cpuMs.driver / x.bets).toFixed(1)}`;
  const failures = (x: SettleRun) => [...x.failures].map(([k, n]) => `${k} x${n}`).join(', ') || 'none';
  const checks = r.eventChecks;
  const allSettledOnce =
    checks.every((c) => c.pending === 0 && c.wrongStatus === 0 && c.wrongPayoutEntries === 0) &&
    r.accounts.walletMismatches + r.accounts.trophyMismatches + r.accounts.inboxMismatches === 0 &&
    [...r.runs, ...r.push.rawCommits].every((x) => x.failures.size === 0);
  const p = r.push;
  const s = p.settlement;
  const baseP99 = p.baselines.reduce((sum, b) => sum + b.p99, 0) / p.baselines.length;
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : 'n/a');
  const rawCommitMs = (1000 * p.rawCommits.reduce((sum, x) => sum + x.seconds, 0)) / p.rawCommits.length;
  const pushRawRatio = s.p99 / rawCommitMs;
  const scaledRawMs = (1000 * raw.seconds * p.connections) / raw.bets;
  const pushRow = (x: PushRound) => `| ${x.label} | ${x.arrived} / ${p.connections} | ${ms(x.p50)} | ${ms(x.p99)} | ${ms(x.max)} | ${(x.cpuMs.gateway / 1000).toFixed(1)} / ${(x.cpuMs.java / 1000).toFixed(1)} / ${(x.cpuMs.driver / 1000).toFixed(1)} |`;
  return [
    `Measured ${date} on this machine (${machineLine()}; ${codeUnderTest()}); setup (fresh local cloud, ${r.accounts.users} users, bets written in batches) took ${r.setupSeconds.toFixed(0)} s. Load average at the start: ${load(r.loadStart)}, at the end: ${load(r.loadEnd)} (1/5/15 min; the machine is shared).`,
    '',
    `**Settling one event of ${api.bets} bets** (half won, half lost; worker parallelism ${r.concurrency}). Order: warm-up api and raw (${r.warmup[0].bets} bets each, not reported), then raw, then api, then confirmed.`,
    '',
    '| | bets | seconds | bets/s | CPU ms/bet gateway / JVM / driver | failures |',
    '|---|---:|---:|---:|---|---|',
    `| api (POST result -> queue -> worker -> event settled) | ${api.bets} | ${api.seconds.toFixed(1)} | ${api.betsPerSecond.toFixed(0)} | ${cpuPerBet(api)} | ${failures(api)} |`,
    `| raw (the same TransactWriteItems, straight to the cloud's DynamoDB endpoint) | ${raw.bets} | ${raw.seconds.toFixed(1)} | ${raw.betsPerSecond.toFixed(0)} | ${cpuPerBet(raw)} | ${failures(raw)} |`,
    `| confirmed (a referee's result waiting; POST provisional/confirm -> queue -> worker -> event settled) | ${confirmed.bets} | ${confirmed.seconds.toFixed(1)} | ${confirmed.betsPerSecond.toFixed(0)} | ${cpuPerBet(confirmed)} | ${failures(confirmed)} |`,
    '',
    `A confirmed referee's result against raw: **${(confirmed.betsPerSecond / raw.betsPerSecond).toFixed(2)}** (target >= ${SETTLE_RATIO_TARGET}: ${ok(confirmed.betsPerSecond / raw.betsPerSecond >= SETTLE_RATIO_TARGET)}).`,
    '',
    `Throughput ratio api/raw: **${ratio.toFixed(2)}** (target >= ${SETTLE_RATIO_TARGET}: ${ok(ratio >= SETTLE_RATIO_TARGET)}). The worker's own span (event settledAt - decidedAt): ${api.serverSeconds?.toFixed(1)} s.`,
    `Exactly once: ${checks.map((c) => `${c.mode}: ${c.won} won + ${c.lost} lost of ${c.bets}, ${c.pending} pending, ${c.wrongStatus} in a wrong state, ${c.payoutEntries} payout ledger entries (${c.wrongPayoutEntries} missing or extra)`).join('; ')}. Over all ${r.accounts.users} users and every event of the run: ${r.accounts.walletMismatches} wallets, ${r.accounts.trophyMismatches} trophy counts and ${r.accounts.inboxMismatches} unread counts differ from what their settled bets should give (${ok(allSettledOnce)}).`,
    '',
    `**Result posted -> notification received on ${p.connections} open WebSocket connections** (one bettor and one bet each, on one event; ${p.settledSeconds !== undefined ? `event marked settled ${p.settledSeconds.toFixed(1)} s after the POST` : 'event NOT marked settled within the limit'}). Baseline: a bare PostToConnection loop (SDK client, ${r.pushConcurrency} in flight, as the worker's push pool) to the same connections through the gateway's @connections, before and after.`,
    '',
    '| | arrived | p50 ms | p99 ms | max ms | CPU s gateway / JVM / driver |',
    '|---|---:|---:|---:|---:|---|',
    pushRow(s),
    ...p.baselines.map(pushRow),
    '',
    `All ${p.connections} arrived: ${ok(s.arrived === p.connections)}; p99 ${ms(s.p99)} ms (target < ${PUSH_P99_TARGET_MS} ms: ${ok(s.p99 < PUSH_P99_TARGET_MS)}); p99 settlement / bare push (mean of the two loops): ${(s.p99 / baseP99).toFixed(1)}x. Notifications naming another event: ${p.wrongCause}; connections that got it twice: ${p.duplicates}.`,
    '',
    `**Against the raw commit of the same settlement.** Twin events of the same ${p.connections} bettors on the same teams, settled as the raw baseline above (the same betSettlement + packSettlements transactions with their notification items, committed straight to DynamoDB with transactWrite at the worker's parallelism ${r.concurrency}, timed from the first transaction sent to the last committed; the bettors' trophy counts read before the clock starts), one just before and one just after the notification run:`,
    '',
    '| raw commit of the same settlement | bets | seconds | bets/s | CPU ms/bet gateway / JVM / driver | failures |',
    '|---|---:|---:|---:|---|---|',
    ...p.rawCommits.map((x, i) => `| ${i === 0 ? 'just before' : 'just after'} | ${x.bets} | ${x.seconds.toFixed(2)} | ${x.betsPerSecond.toFixed(0)} | ${cpuPerBet(x)} | ${failures(x)} |`),
    '',
    `Notification p99 / raw commit time (${ms(s.p99)} ms / ${ms(rawCommitMs)} ms, the mean of the two): **${pushRawRatio.toFixed(2)}** (target <= ${PUSH_RAW_RATIO_TARGET}: ${ok(pushRawRatio <= PUSH_RAW_RATIO_TARGET)}). Cross-check: the ${raw.bets}-bet raw run above, scaled to ${p.connections} bets, gives ${ms(scaledRawMs)} ms (ratio ${(s.p99 / scaledRawMs).toFixed(2)}).`,
  ].join('\n');
}
