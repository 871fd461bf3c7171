// Bet placement, `npm run bench` (or `npm run bench -- bets`): N users place coin bets concurrently
// through the local gateway ("api": POST /api/v1/bet/create-new, the real handler in the cloud's Node
// process) and, in the same run against the same DynamoDB Local, the same number of the same
// TransactWriteItems are issued straight to it ("raw": the wallet debit, the bet put and the ledger put
// that placeBet writes, built with the same data-module item builders), on fresh keys each round.
// Rounds alternate api/raw in an ABBA order, so drift and machine noise hit both alike; figures are
// medians over rounds.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { startCloudProcess } from '../../infra/local/cloud-process.ts';
import { localSettings } from '../../infra/local/env.ts';
import { ACCESS_COOKIE, API_BASE_PATH, COIN_BET_MIN, WELCOME_COINS } from '../../shared/constants.ts';
import { median, percentile } from './stats.ts';

const USERS = Number(process.env.BENCH_BET_USERS ?? 50);
const BETS_PER_USER = Number(process.env.BENCH_BETS_PER_USER ?? 5); // per round, each on its own event
const ROUND_PAIRS = Number(process.env.BENCH_BET_ROUND_PAIRS ?? 4);
const STAKE = COIN_BET_MIN;
const TIME_LIMIT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 10_000;
export const BET_RATIO_TARGET = 0.8;
// A refused bet is an expected answer (402 already placed, 404 not enough coins; raw: a failed condition),
// though with enough coins and fresh events none should occur; anything else is an error.
const EXPECTED = { api: new Set(['201', '402', '404']), raw: new Set(['ok', 'ConditionalCheckFailed']) };

type Mode = 'api' | 'raw';
interface Bettor {
  userId: string;
  cookie: string;
}
interface OpenEvent {
  id: string;
  teamId: string;
  teamName: string;
}
interface Round {
  mode: Mode;
  bets: number;
  betsPerSecond: number;
  p50: number;
  p99: number;
  outcomes: Map<string, number>;
  /** CPU time per bet of each process: where a bet's cost goes. */
  cpuMsPerBet?: CpuTimes;
}
export interface CpuTimes {
  gateway: number;
  java: number;
  driver: number;
}
interface Rss {
  gatewayKb: number;
  gatewayPeakKb: number;
  javaKb: number;
  javaPeakKb: number;
}
export interface BetBenchResult {
  users: number;
  rounds: Round[];
  api: { betsPerSecond: number; p50: number; p99: number };
  raw: { betsPerSecond: number; p50: number; p99: number };
  cpuMsPerBet: Record<Mode, CpuTimes>;
  unexpected: Map<string, number>;
  idleRss: Rss;
  loadedRss: Rss;
}

export async function benchBets(): Promise<BetBenchResult> {
  // The welcome grant (WELCOME_COINS, a setting of the cloud) covers a warm-up bet of each mode plus
  // every round's bets, so each bet is accepted: a 402/404 would be a cheaper path than a real bet.
  const betsPerBettor = 2 + ROUND_PAIRS * 2 * BETS_PER_USER;
  const settings = { JWT_SECRET: randomBytes(48).toString('base64url'), WELCOME_COINS: String(Math.max(WELCOME_COINS, betsPerBettor * STAKE)) };
  const cloud = await startCloudProcess({
    env: { ...process.env, ...settings },
    dataDirPrefix: 'bpw-bench-',
    // BENCH_CPU_PROF_DIR=<dir>: a CPU profile of the gateway's process, written when it stops.
    nodeArgs: process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [],
  });
  const watchdog = setTimeout(() => {
    console.error(`bet benchmark: over its ${TIME_LIMIT_MS / 1000} s limit, stopping`);
    void cloud.stop().finally(() => process.exit(1));
  }, TIME_LIMIT_MS);
  let succeeded = false;
  try {
    const port = Number(new URL(cloud.baseUrl).port);
    // The same settings as the cloud's: the JWT secret lets this process open sessions the gateway accepts.
    Object.assign(process.env, localSettings(port), cloud.cloudEnv, settings);
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'; // as start.ts does
    const m = await domainModules();

    const bettors = await Promise.all(Array.from({ length: USERS }, (_, i) => createBettor(m, i)));
    const events = await createOpenEvents(m, 2 + ROUND_PAIRS * 2 * BETS_PER_USER);
    const take = (count: number) => events.splice(0, count);
    const place: Record<Mode, (b: Bettor, e: OpenEvent) => Promise<string>> = {
      api: (b, e) => placeThroughApi(cloud.baseUrl, b, e),
      raw: (b, e) => placeRaw(m, b, e),
    };

    const javaPid = await childNamed(cloud.pid, 'java');
    const idleRss = await cloudRss(cloud.pid, javaPid);
    // Warm-up (not reported): the gateway loads and compiles the handler, both sides open connections.
    await runRound('api', bettors, take(1), place.api);
    await runRound('raw', bettors, take(1), place.raw);

    const order: Mode[] = [];
    for (let pair = 0; pair < ROUND_PAIRS; pair++) order.push(...((pair % 2 === 0 ? ['api', 'raw'] : ['raw', 'api']) as Mode[]));
    const rounds: Round[] = [];
    let loadedRss = idleRss;
    for (const mode of order) {
      const cpuBefore = await cpuTimes(cloud.pid, javaPid);
      const round = await runRound(mode, bettors, take(BETS_PER_USER), place[mode]);
      const cpuAfter = await cpuTimes(cloud.pid, javaPid);
      const perBet = (key: keyof CpuTimes) => (cpuAfter[key] - cpuBefore[key]) / round.bets;
      rounds.push({ ...round, cpuMsPerBet: { gateway: perBet('gateway'), java: perBet('java'), driver: perBet('driver') } });
      loadedRss = maxRss(loadedRss, await cloudRss(cloud.pid, javaPid));
    }

    const result = { users: USERS, ...summarize(rounds), idleRss, loadedRss };
    succeeded = true;
    return result;
  } finally {
    clearTimeout(watchdog);
    await cloud.stop();
    if (succeeded) await rm(cloud.logFile, { force: true }); // kept for reading when something failed
  }
}

/** Medians over the rounds of each mode, and the outcomes that should not happen. */
function summarize(rounds: Round[]) {
  const summary = (mode: Mode) => {
    const of = rounds.filter((r) => r.mode === mode);
    const cpu = of.map((r) => r.cpuMsPerBet!);
    return {
      figures: { betsPerSecond: median(of.map((r) => r.betsPerSecond)), p50: median(of.map((r) => r.p50)), p99: median(of.map((r) => r.p99)) },
      cpu: { gateway: median(cpu.map((c) => c.gateway)), java: median(cpu.map((c) => c.java)), driver: median(cpu.map((c) => c.driver)) },
    };
  };
  const [api, raw] = [summary('api'), summary('raw')];
  const unexpected = new Map<string, number>();
  for (const round of rounds) {
    for (const [outcome, count] of round.outcomes) {
      const key = `${round.mode} ${outcome}`;
      if (!EXPECTED[round.mode].has(outcome)) unexpected.set(key, (unexpected.get(key) ?? 0) + count);
    }
  }
  return { rounds, api: api.figures, raw: raw.figures, cpuMsPerBet: { api: api.cpu, raw: raw.cpu }, unexpected };
}

/** The functions' own modules; imported only once process.env points at the cloud's table. */
async function domainModules() {
  const [lib, config, dynamodb, users, wallets, ledger, bets, sessions, catalog] = await Promise.all([
    import('@aws-sdk/lib-dynamodb'),
    import('#functions/lib/config.ts'),
    import('#functions/lib/dynamodb.ts'),
    import('#functions/data/users.ts'),
    import('#functions/data/wallets.ts'),
    import('#functions/data/ledger.ts'),
    import('#functions/data/bets.ts'),
    import('#functions/domain/sessions.ts'),
    import('#functions/domain/catalog.ts'),
  ]);
  return { lib, config, dynamodb, users, wallets, ledger, bets, sessions, catalog };
}
type Domain = Awaited<ReturnType<typeof domainModules>>;

/**
 * A verified user with the welcome coins and an open session, written as verify-email writes them.
 * (Logging in through the API would cost each user a 128 MiB scrypt in the gateway: minutes of setup.)
 */
async function createBettor(m: Domain, index: number): Promise<Bettor> {
  const userId = randomUUID();
  const createdAt = new Date().toISOString();
  const welcomeCoins = m.config.config().welcomeCoins;
  const session = await m.sessions.prepareSession({ userId, role: 'user' });
  const user = { id: userId, userName: `Bettor ${index}`, email: `bettor-${userId}@bench.local`, passwordHash: 'none', role: 'user', verified: true, trophy: 0, createdAt } as const;
  await m.dynamodb.transactWrite([...m.users.newUserItems(user), m.wallets.newWalletItem(userId), ...session.items]);
  await m.dynamodb.transactWrite([
    m.wallets.creditItem(userId, 'coins', welcomeCoins),
    m.ledger.ledgerEntryItem({ userId, entryId: m.ledger.WELCOME_ENTRY_ID, kind: 'welcome', coins: welcomeCoins, cashPaise: 0, createdAt }),
  ]);
  return { userId, cookie: `${ACCESS_COOKIE}=${session.tokens.accessToken}` };
}

/** Events open for bets (starting in two hours) in one tournament, between the same two teams. */
async function createOpenEvents(m: Domain, count: number): Promise<OpenEvent[]> {
  const tournament = await m.catalog.createTournament({ title: 'Bench Cup', previewImg: '/demo/cricket.svg' });
  const team = (teamName: string) => m.catalog.createTeam({ teamName, teamRank: 1, members: [{ name: 'Asha' }] });
  const teams = [await team('Bench Lions'), await team('Bench Tigers')];
  const time = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  const events = await Promise.all(
    Array.from({ length: count }, () => m.catalog.createEvent({ tournamentId: tournament._id, time, teamIds: [teams[0]._id, teams[1]._id] })),
  );
  return events.map((e) => ({ id: e._id, teamId: teams[0]._id, teamName: teams[0].teamName }));
}

/** One bet through the gateway, as the web app places it; the outcome is the HTTP status. */
async function placeThroughApi(baseUrl: string, bettor: Bettor, event: OpenEvent): Promise<string> {
  try {
    const response = await fetch(`${baseUrl}${API_BASE_PATH}/bet/create-new`, {
      method: 'POST',
      headers: { cookie: bettor.cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ teamId: event.teamId, eventId: event.id, betWay: 'coin', amount: STAKE }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return `network ${(error as Error).name}`;
  }
}

/** The TransactWriteItems placeBet sends for this bet, sent straight to DynamoDB Local. */
async function placeRaw(m: Domain, bettor: Bettor, event: OpenEvent): Promise<string> {
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
  } as const;
  const items = [
    m.wallets.debitItem(userId, 'coins', STAKE),
    m.bets.newBetItem(bet),
    m.ledger.ledgerEntryItem({ userId, entryId: m.ledger.betEntryId(event.id), kind: 'bet', coins: -STAKE, cashPaise: 0, createdAt }),
  ];
  try {
    await m.dynamodb.db.send(new m.lib.TransactWriteCommand({ TransactItems: items }), { abortSignal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return 'ok';
  } catch (error) {
    const codes = m.dynamodb.cancellationCodes(error);
    return codes?.includes('ConditionalCheckFailed') ? 'ConditionalCheckFailed' : (error as Error).name;
  }
}

/** Every bettor places a bet on each event, one after another; all bettors at once (concurrency = N). */
async function runRound(mode: Mode, bettors: Bettor[], events: OpenEvent[], place: (b: Bettor, e: OpenEvent) => Promise<string>): Promise<Round> {
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    bettors.map(async (bettor) => {
      for (const event of events) {
        const sent = performance.now();
        const outcome = await place(bettor, event);
        latencies.push(performance.now() - sent);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { mode, bets: latencies.length, betsPerSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), outcomes };
}

/** Resident memory of the gateway's Node process and of the DynamoDB Local JVM (its child). */
async function cloudRss(gatewayPid: number, javaPid: number | undefined): Promise<Rss> {
  const gateway = await memoryOf(gatewayPid);
  const java = javaPid ? await memoryOf(javaPid) : { rssKb: NaN, peakKb: NaN };
  return { gatewayKb: gateway.rssKb, gatewayPeakKb: gateway.peakKb, javaKb: java.rssKb, javaPeakKb: java.peakKb };
}

const maxRss = (a: Rss, b: Rss): Rss => ({
  gatewayKb: Math.max(a.gatewayKb, b.gatewayKb),
  gatewayPeakKb: Math.max(a.gatewayPeakKb, b.gatewayPeakKb),
  javaKb: Math.max(a.javaKb, b.javaKb),
  javaPeakKb: Math.max(a.javaPeakKb, b.javaPeakKb),
});

/** CPU milliseconds (user + system) used so far by the gateway, the JVM and this process (the driver). */
export async function cpuTimes(gatewayPid: number, javaPid: number | undefined): Promise<CpuTimes> {
  const own = process.cpuUsage();
  return { gateway: await cpuMsOf(gatewayPid), java: javaPid ? await cpuMsOf(javaPid) : NaN, driver: (own.user + own.system) / 1000 };
}

export async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after "(comm) ": state is [0], utime [11], stime [12], in clock ticks (100 per second on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function memoryOf(pid: number): Promise<{ rssKb: number; peakKb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
}

/** A direct child process of `parent` whose command name is `name`. */
export async function childNamed(parent: number, name: string): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid …": comm may hold spaces, so split after its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent && comm === name) return Number(entry);
  }
  return undefined;
}

/** The Markdown for docs/benchmarks.md. */
export function betsSection(r: BetBenchResult, date: string): string {
  const ratio = r.api.betsPerSecond / r.raw.betsPerSecond;
  const p99Ratio = r.api.p99 / r.raw.p99;
  const mb = (kb: number) => (kb / 1024).toFixed(0);
  const unexpected = [...r.unexpected].map(([outcome, count]) => `${outcome} x${count}`).join(', ') || 'none';
  const outcomes = (round: Round) => [...round.outcomes].map(([o, n]) => `${o} x${n}`).join(', ');
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  return [
    `Measured ${date} on this machine (2 cores, Node ${process.versions.node}); ${r.users} users, concurrency ${r.users}, ${BETS_PER_USER} bets of ${STAKE} coins per user per round (one after another, each on its own event), ${r.rounds.length} rounds in ABBA order after one warm-up bet per user and mode; figures are medians over the rounds of each mode. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min; the machine is shared).`,
    '',
    '| | bets/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| api (gateway + handler + DynamoDB Local) | ${r.api.betsPerSecond.toFixed(0)} | ${r.api.p50.toFixed(1)} | ${r.api.p99.toFixed(1)} |`,
    `| raw (TransactWriteItems only) | ${r.raw.betsPerSecond.toFixed(0)} | ${r.raw.p50.toFixed(1)} | ${r.raw.p99.toFixed(1)} |`,
    '',
    `Throughput ratio api/raw: **${ratio.toFixed(2)}** (target >= ${BET_RATIO_TARGET}: ${ok(ratio >= BET_RATIO_TARGET)}). p99 latency api/raw: ${p99Ratio.toFixed(2)}x.`,
    `CPU per bet (median over rounds): api: gateway ${r.cpuMsPerBet.api.gateway.toFixed(1)} ms, DynamoDB Local JVM ${r.cpuMsPerBet.api.java.toFixed(1)} ms, driver ${r.cpuMsPerBet.api.driver.toFixed(1)} ms; raw: gateway ${r.cpuMsPerBet.raw.gateway.toFixed(1)} ms, JVM ${r.cpuMsPerBet.raw.java.toFixed(1)} ms, driver ${r.cpuMsPerBet.raw.driver.toFixed(1)} ms.`,
    `Unexpected outcomes (anything but 201/402/404, or a transaction refused other than by a condition): ${unexpected} (target none: ${ok(r.unexpected.size === 0)}).`,
    '',
    `Resident memory (VmRSS; peak VmHWM), idle after setup -> highest after a round: gateway Node process ${mb(r.idleRss.gatewayKb)} -> ${mb(r.loadedRss.gatewayKb)} MB (peak ${mb(r.loadedRss.gatewayPeakKb)} MB); DynamoDB Local JVM ${mb(r.idleRss.javaKb)} -> ${mb(r.loadedRss.javaKb)} MB (peak ${mb(r.loadedRss.javaPeakKb)} MB).`,
    '',
    'Rounds:',
    '',
    '| # | mode | bets | bets/s | p50 ms | p99 ms | CPU ms/bet gateway / JVM / driver | outcomes |',
    '|---:|---|---:|---:|---:|---:|---|---|',
    ...r.rounds.map((x, i) => {
      const cpu = x.cpuMsPerBet!;
      return `| ${i + 1} | ${x.mode} | ${x.bets} | ${x.betsPerSecond.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${cpu.gateway.toFixed(1)} / ${cpu.java.toFixed(1)} / ${cpu.driver.toFixed(1)} | ${outcomes(x)} |`;
    }),
  ].join('\n');
}
