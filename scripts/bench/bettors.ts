// The bet benchmarks' fixture (bets.ts, spike.ts): a fresh local cloud as a child process, bettors with
// coins and open sessions, open events, and each request two ways: "api" through the local gateway as
// the web app sends it, and "raw", the DynamoDB request the handler's work comes down to, sent straight
// to the same DynamoDB Local.
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { startCloudProcess, type CloudProcess } from '../../infra/local/cloud-process.ts';
import { localSettings } from '../../infra/local/env.ts';
import { ACCESS_COOKIE, API_BASE_PATH, COIN_BET_MIN, WELCOME_COINS } from '../../shared/constants.ts';
import { childNamed, cloudRss, cpuTimes, maxRss, type CpuTimes, type Rss } from './processes.ts';

export const STAKE = COIN_BET_MIN;
const REQUEST_TIMEOUT_MS = 10_000;

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
    JWT_SECRET: randomBytes(48).toString('base64url'),
    WELCOME_COINS: String(Math.max(WELCOME_COINS, options.betsPerBettor * STAKE)),
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
    import('#functions/lib/config.ts'),
    import('#functions/lib/dynamodb.ts'),
    import('#functions/data/users.ts'),
    import('#functions/data/wallets.ts'),
    import('#functions/data/ledger.ts'),
    import('#functions/data/bets.ts'),
    import('#functions/data/events.ts'),
    import('#functions/domain/sessions.ts'),
    import('#functions/domain/catalog.ts'),
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
  const user = { id: userId, userName: `Bettor ${index}`, email: `bettor-${userId}@bench.local`, passwordHash: 'none', role: 'user', verified: true, trophy: 0, createdAt } as const;
  await m.dynamodb.transactWrite([...m.users.newUserItems(user), m.wallets.newWalletItem(userId), ...session.items]);
  await m.dynamodb.transactWrite([
    m.wallets.creditItem(userId, 'coins', welcomeCoins),
    m.ledger.ledgerEntryItem({ userId, entryId: m.ledger.WELCOME_ENTRY_ID, kind: 'welcome', coins: welcomeCoins, cashPaise: 0, createdAt }),
  ]);
  return { userId, cookie: `${ACCESS_COOKIE}=${session.tokens.accessToken}` };
}

/** Events open for bets (starting in two hours) in one tournament, between the same two teams. */
export async function createOpenEvents(m: Domain, count: number): Promise<OpenEvent[]> {
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
export async function placeThroughApi(baseUrl: string, bettor: Bettor, event: OpenEvent): Promise<string> {
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

/** The TransactWriteItems placeBet sends for this bet (debit, bet, ledger entry, event still open), sent straight to DynamoDB Local. */
export async function placeRaw(m: Domain, bettor: Bettor, event: OpenEvent): Promise<string> {
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
    m.events.bettingOpenCheck(event.id, new Date(createdAt)),
  ];
  try {
    await m.dynamodb.db.send(new m.lib.TransactWriteCommand({ TransactItems: items }), { abortSignal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return 'ok';
  } catch (error) {
    const codes = m.dynamodb.cancellationCodes(error);
    return codes?.includes('ConditionalCheckFailed') ? 'ConditionalCheckFailed' : (error as Error).name;
  }
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
