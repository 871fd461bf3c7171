// The bet benchmarks' fixture (bets.ts, spike.ts, hot-event.ts): a fresh local cloud as a child process,
// bettors with coins and open sessions, open events, and each request two ways: "api" through the local
// gateway as the web app sends it, and "raw", the DynamoDB request the handler's work comes down to, sent
// straight to the cloud's DynamoDB endpoint (the conflict-faithful layer in front of DynamoDB Local, as
// the functions use it; DYNAMODB_CONFLICTS=off bypasses it for both sides alike).
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { cpus } from 'node:os';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { startCloudProcess, type CloudProcess } from '../../infra/local/cloud-process.ts';
import type { ConflictCounts } from '../../infra/local/dynamodb-conflicts.ts';
import { localSettings } from '../../infra/local/env.ts';
import { ACCESS_COOKIE, API_BASE_PATH, COIN_BET_MIN, WELCOME_COINS } from '../../shared/constants.ts';
import { CLOUD_BET_GATES } from '../../infra/bet-gates.ts';
import { childNamed, cloudRss, cpuTimes, maxRss, type CpuTimes, type Rss } from './processes.ts';

export const STAKE = COIN_BET_MIN;
/** How long a bettor waits for an answer (a phone giving up); hot-event.ts waits longer, see there. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Bettors written at once during setup: enough to keep DynamoDB Local busy, few enough not to queue. */
const SETUP_CONCURRENCY = 16;

export type Mode = 'api' | 'raw';
export interface Bettor {
  userId: string;
  cookie: string;
}
export interface OpenEvent {
  id: string;
  teamId: string;
  teamName: string;
}

/**
 * Runs `work` against a fresh local cloud whose welcome grant covers `betsPerBettor` bets each (so every
 * bet is accepted: a refused bet is a cheaper path than a real one), within `timeLimitMs`; the cloud
 * always stops, and its log is kept only when something failed.
 */
export async function withBenchCloud<T>(
  options: { betsPerBettor: number; timeLimitMs: number; name: string },
  work: (cloud: CloudProcess, m: Domain) => Promise<T>,
): Promise<T> {
  const settings = {
    // The gateway's own cost per request, measured beside our handlers' (hot-event.ts noOpRound).
    LOCAL_NO_OP_ROUTE: '1',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    WELCOME_COINS: String(Math.max(WELCOME_COINS, options.betsPerBettor * STAKE)),
    // Each event's betting gates, as many as in the cloud (the benchmark's own process writes events too).
    BET_GATES: String(CLOUD_BET_GATES),
  };
  const cloud = await startCloudProcess({
    env: { ...process.env, ...settings },
    dataDirPrefix: 'bpw-bench-',
    // BENCH_CPU_PROF_DIR=<dir>: a CPU profile of the gateway's process, written when it stops.
    nodeArgs: process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [],
  });
  const watchdog = setTimeout(() => {
    console.error(`${options.name} benchmark: over its ${options.timeLimitMs / 1000} s limit, stopping`);
    void cloud.stop().finally(() => process.exit(1));
  }, options.timeLimitMs);
  let succeeded = false;
  try {
    const port = Number(new URL(cloud.baseUrl).port);
    // The same settings as the cloud's: the JWT secret lets this process open sessions the gateway accepts.
    Object.assign(process.env, localSettings(port), cloud.cloudEnv, settings);
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'; // as start.ts does
    const result = await work(cloud, await domainModules());
    succeeded = true;
    return result;
  } finally {
    clearTimeout(watchdog);
    await cloud.stop();
    if (succeeded) await rm(cloud.logFile, { force: true });
  }
}

/**
 * The measured rounds, api and raw in ABBA order (drift and machine noise hit both alike) after the
 * warm-up, each with the CPU each process spent per request; and the cloud's memory, idle and at its
 * highest after a round.
 */
export async function abbaRounds<R>(
  cloud: CloudProcess,
  pairs: number,
  run: (mode: Mode) => Promise<R>,
  requestsOf: (round: R) => number,
  warmUp: () => Promise<unknown>,
): Promise<{ rounds: (R & { mode: Mode; cpuMsPerRequest: CpuTimes })[]; idleRss: Rss; loadedRss: Rss }> {
  const javaPid = await childNamed(cloud.pid, 'java');
  const idleRss = await cloudRss(cloud.pid, javaPid);
  await warmUp();
  const rounds: (R & { mode: Mode; cpuMsPerRequest: CpuTimes })[] = [];
  let loadedRss = idleRss;
  for (let pair = 0; pair < pairs; pair++) {
    for (const mode of (pair % 2 === 0 ? ['api', 'raw'] : ['raw', 'api']) as Mode[]) {
      const before = await cpuTimes(cloud.pid, javaPid);
      const round = await run(mode);
      const after = await cpuTimes(cloud.pid, javaPid);
      const perRequest = (key: keyof CpuTimes) => (after[key] - before[key]) / requestsOf(round);
      rounds.push({ ...round, mode, cpuMsPerRequest: { gateway: perRequest('gateway'), java: perRequest('java'), driver: perRequest('driver') } });
      loadedRss = maxRss(loadedRss, await cloudRss(cloud.pid, javaPid));
    }
  }
  return { rounds, idleRss, loadedRss };
}

/** The functions' own modules; imported only once process.env points at the cloud's table. */
export async function domainModules() {
  const [lib, config, dynamodb, users, wallets, ledger, bets, events, sessions, catalog] = await Promise.all([
    import('@aws-sdk/lib-dynamodb'),
    import('#functions/platform/config.ts'),
    import('#functions/platform/dynamodb.ts'),
    import('#functions/data/users.ts'),
    import('#functions/data/wallets.ts'),
    import('#functions/data/ledger.ts'),
    import('#functions/data/bets.ts'),
    import('#functions/data/events.ts'),
    import('#functions/identity/sessions.ts'),
    import('#functions/catalog/edits.ts'),
  ]);
  return { lib, config, dynamodb, users, wallets, ledger, bets, events, sessions, catalog };
}
export type Domain = Awaited<ReturnType<typeof domainModules>>;

/**
 * A verified user with the welcome coins and an open session, written as verify-email writes them.
 * (Logging in through the API would cost each user a 128 MiB scrypt in the gateway: minutes of setup.)
 */
export async function createBettor(m: Domain, index: number): Promise<Bettor> {
  const userId = randomUUID();
  const createdAt = new Date().toISOString();
  const welcomeCoins = m.config.config().welcomeCoins;
  const session = await m.sessions.prepareSession({ userId, role: 'user' });
  // A short email (48 random bits): each character past the first two is a search index item (data/user-search.ts).
  const user = { id: userId, userName: `Bettor ${index}`, email: `b-${userId.slice(0, 13)}@bench.local`, passwordHash: 'none', role: 'user', verified: true, trophy: 0, createdAt } as const;
  await m.dynamodb.transactWrite([...m.users.newUserItems(user), m.wallets.newWalletItem(userId), ...session.items]);
  await m.dynamodb.transactWrite([
    m.wallets.creditItem(userId, 'coins', welcomeCoins),
    m.ledger.ledgerEntryItem({ userId, entryId: m.ledger.WELCOME_ENTRY_ID, kind: 'welcome', coins: welcomeCoins, cashPaise: 0, createdAt }),
  ]);
  return { userId, cookie: `${ACCESS_COOKIE}=${session.tokens.accessToken}` };
}

/** `count` bettors (createBettor), SETUP_CONCURRENCY at a time: 1,000 take ~10-20 s here. */
export async function createBettors(m: Domain, count: number): Promise<Bettor[]> {
  const bettors: Bettor[] = new Array(count);
  await forEachLimit(
    Array.from({ length: count }, (_, i) => i),
    SETUP_CONCURRENCY,
    async (i) => {
      bettors[i] = await createBettor(m, i);
    },
  );
  return bettors;
}

/**
 * Events open for bets (starting in two hours) in one tournament, between the same two teams. One
 * after another: each creation's transaction checks the tournament and both teams exist, so creations
 * at once would meet on those items (the conflict layer cancels them, as DynamoDB would).
 */
export async function createOpenEvents(m: Domain, count: number): Promise<OpenEvent[]> {
  const tournament = await m.catalog.createTournament({ title: 'Bench Cup', previewImg: '/demo/cricket.svg' });
  const team = (teamName: string) => m.catalog.createTeam({ teamName, teamRank: 1, members: [{ name: 'Asha' }] });
  const teams = [await team('Bench Lions'), await team('Bench Tigers')];
  const time = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  const events: OpenEvent[] = [];
  for (let i = 0; i < count; i++) {
    const event = await m.catalog.createEvent({ tournamentId: tournament._id, time, teamIds: [teams[0]._id, teams[1]._id] });
    events.push({ id: event._id, teamId: teams[0]._id, teamName: teams[0].teamName });
  }
  return events;
}

/** One bet through the gateway, as the web app places it; the outcome is the HTTP status. */
export async function placeThroughApi(baseUrl: string, bettor: Bettor, event: OpenEvent, timeoutMs = REQUEST_TIMEOUT_MS): Promise<string> {
  try {
    const response = await fetch(`${baseUrl}${API_BASE_PATH}/bet/create-new`, {
      method: 'POST',
      headers: { cookie: bettor.cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ teamId: event.teamId, eventId: event.id, betWay: 'coin', amount: STAKE }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return `network ${(error as Error).name}`;
  }
}

/**
 * The raw baseline of a bet: the bettor's own TransactWriteItems, the wallet debit (with its balance
 * condition), the bet put (one per user and event) and the ledger entry, built with the functions' item
 * builders and sent straight to the cloud's DynamoDB endpoint with the functions' client (whose
 * middleware retries lost transaction races, as the handlers' does). No ConditionCheck on the event:
 * this is the per-user transaction bet placement should come down to, so bets by different users share
 * no item and never conflict; the handler's reads before and after it are what api adds. Outcome: 'ok',
 * 'ConditionalCheckFailed', or the error's name (TransactionCanceledException / TransactionConflictException
 * when the retries ran out).
 */
export async function placeRaw(m: Domain, bettor: Bettor, event: OpenEvent, timeoutMs = REQUEST_TIMEOUT_MS): Promise<string> {
  try {
    await m.dynamodb.db.send(new m.lib.TransactWriteCommand({ TransactItems: rawBetItems(m, bettor, event) }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    return 'ok';
  } catch (error) {
    const codes = m.dynamodb.cancellationCodes(error);
    return codes?.includes('ConditionalCheckFailed') ? 'ConditionalCheckFailed' : (error as Error).name;
  }
}

/** The items of the raw baseline's transaction (placeRaw), built by the functions' item builders. */
export function rawBetItems(m: Domain, bettor: Bettor, event: OpenEvent) {
  const createdAt = new Date().toISOString();
  const { userId } = bettor;
  const bet = {
    userId,
    eventId: event.id,
    teamId: event.teamId,
    teamName: event.teamName,
    amount: STAKE,
    betWay: 'coin',
    status: 'pending',
    transactionId: randomUUID(),
    isPaid: false,
    createdAt,
    eventVersion: 0, // the betting version the bet was placed under: the bench's events are never paused or edited
  } as const;
  return [
    m.wallets.debitItem(userId, 'coins', STAKE),
    m.bets.newBetItem(bet),
    m.ledger.ledgerEntryItem({ userId, entryId: m.ledger.betEntryId(event.id), kind: 'bet', coins: -STAKE, cashPaise: 0, createdAt }),
  ];
}


/** The wallet through the gateway, as the web app reads it; the outcome is the HTTP status. */
export async function readWalletThroughApi(baseUrl: string, bettor: Bettor): Promise<string> {
  try {
    const response = await fetch(`${baseUrl}${API_BASE_PATH}/wallet/get-wallet`, {
      headers: { cookie: bettor.cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return `network ${(error as Error).name}`;
  }
}

/** The GetItem the wallet handler comes down to, sent straight to DynamoDB Local. */
export async function readWalletRaw(m: Domain, bettor: Bettor): Promise<string> {
  try {
    await m.wallets.getWallet(bettor.userId);
    return 'ok';
  } catch (error) {
    return (error as Error).name;
  }
}

/** Outcomes that are a refusal for contention: api 409 (wallet-busy) or 5xx; raw, a lost race after the client's retries. */
export function refusedForContention(mode: Mode, outcome: string): boolean {
  if (mode === 'api') return outcome === '409' || /^5\d\d$/.test(outcome);
  return outcome === 'TransactionCanceledException' || outcome === 'TransactionConflictException';
}

/**
 * What the cloud's conflict layer refused so far (GET <DynamoDB endpoint>/conflicts, cumulative), or
 * undefined when there is no layer (DYNAMODB_CONFLICTS=off: the endpoint is DynamoDB Local itself).
 */
export async function conflictCounts(cloud: CloudProcess): Promise<ConflictCounts | undefined> {
  try {
    const response = await fetch(`${cloud.cloudEnv.AWS_ENDPOINT_URL_DYNAMODB.replace(/\/$/, '')}/conflicts`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as Partial<ConflictCounts>;
    if (response.status !== 200 || typeof body.cancelledTransactions !== 'number') return undefined;
    return { cancelledTransactions: body.cancelledTransactions, refusedWrites: body.refusedWrites ?? 0, unprocessedBatchWrites: body.unprocessedBatchWrites ?? 0 };
  } catch {
    return undefined;
  }
}

/** The layer's counts between two readings (undefined without a layer). */
export function conflictsBetween(before: ConflictCounts | undefined, after: ConflictCounts | undefined): ConflictCounts | undefined {
  if (!before || !after) return undefined;
  return {
    cancelledTransactions: after.cancelledTransactions - before.cancelledTransactions,
    refusedWrites: after.refusedWrites - before.refusedWrites,
    unprocessedBatchWrites: after.unprocessedBatchWrites - before.unprocessedBatchWrites,
  };
}

/** Sums of conflict counts (undefined if any is). */
export function sumConflicts(counts: (ConflictCounts | undefined)[]): ConflictCounts | undefined {
  if (counts.some((c) => c === undefined)) return undefined;
  return (counts as ConflictCounts[]).reduce(
    (a, c) => ({ cancelledTransactions: a.cancelledTransactions + c.cancelledTransactions, refusedWrites: a.refusedWrites + c.refusedWrites, unprocessedBatchWrites: a.unprocessedBatchWrites + c.unprocessedBatchWrites }),
    { cancelledTransactions: 0, refusedWrites: 0, unprocessedBatchWrites: 0 },
  );
}

/** "cancelled transactions / refused writes / unprocessed batch writes" for the doc sections. */
export const conflictsText = (c: ConflictCounts | undefined) => (c ? `${c.cancelledTransactions} / ${c.refusedWrites} / ${c.unprocessedBatchWrites}` : 'n/a (no conflict layer)');

/**
 * The code a run measured: the commit, and whether the functions, the local cloud or shared code had
 * uncommitted changes (the benchmarks' own files do not count), for the doc sections.
 */
export function codeUnderTest(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'functions', 'infra', 'shared') !== '';
    return `commit ${commit}${dirty ? ' plus uncommitted changes in functions/, infra/ or shared/' : ''}`;
  } catch {
    return 'commit unknown';
  }
}

/** The conditions of a run, for the doc sections: the machine and its load. */
export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}`;
}
