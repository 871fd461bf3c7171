// Sharing the cup pool, `npm run bench -- pool-share`, on a fresh local cloud (bettors.ts withBenchCloud).
// BENCH_POOL_STAKES (5,000) accepted stakes by as many users, half on the champion and the rest over three
// other teams, 50-500 coins each (so the share leaves remainders), written straight to its DynamoDB Local
// through the functions' own item builders (the items placeStake writes), in batches; each pool closed an
// hour ago with its champion known (shareVersion 1, not shared yet).
// - "worker": `{ poolTournamentId }` sent to the settlement queue (as queuePoolShare sends it, without the
//   delay); the settlement worker's process shares the pool (pool-sharing.ts sharePoolNow); timed from the
//   send until the pool records the share done (sharedVersion = shareVersion).
// - "raw" (the baseline, same run): twin pools of the same users with the same stakes, their share's
//   transactions as the worker builds them (pool-sharing.ts planShare, read untimed: the stakes, targets and
//   moves packed up to 100 items) with their notices, committed straight to the cloud's DynamoDB endpoint
//   at the worker's parallelism, timed from the first sent to the last committed; one just before and one
//   just after the worker run, their mean reported.
// Afterwards every stake, pool-share ledger entry, wallet and unread count is read back to prove each stake
// moved exactly once, to what sharePool gives it. Then the rush: BENCH_POOL_RUSH (1,000) bettors stake in
// an open pool at once through the API (POST /api/v1/pool/stake, 50 in flight), and the pool's totals,
// counted by the table stream, are read until they hold every stake placed: how long after the last
// answer they are exact. Bounded: withBenchCloud's watchdog, and a limit per wait.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { API_BASE_PATH, COIN_BET_MIN, WELCOME_COINS } from '#shared/constants.ts';
import { sharePool } from '#shared/pool-shares.ts';
import { localQueueUrl, SQS_PREFIX } from '../../infra/local/env.ts';
import { codeUnderTest, machineLine, withBenchCloud } from './bettors.ts';
import { childNamed, cpuTimes, untilQuiet } from './processes.ts';
import { accountItems, commitBatchesRaw, createTeams, domainModules, getMany, openSessions, putOf, SETTLE_RATIO_TARGET, writeItems, type Domain } from './settlement.ts';

const STAKES = Number(process.env.BENCH_POOL_STAKES ?? 5000);
const WARMUP_STAKES = Number(process.env.BENCH_POOL_WARMUP_STAKES ?? 200);
const RUSH_STAKES = Number(process.env.BENCH_POOL_RUSH ?? 1000);
const RUSH_IN_FLIGHT = 50;
/** The totals must be exact within this long of the rush's last answer. */
export const RUSH_CATCH_UP_TARGET_SECONDS = 10;
const RUSH_LIMIT_MS = 120_000;
/** Writing the setup alone took 155 s on a quiet machine and 812 s at a load of 10. */
const TIME_LIMIT_MS = 1_800_000;
const SHARE_LIMIT_MS = 300_000;
/** After the setup the table stream still counts every stake into its pool's totals: wait that out. */
const QUIET_LIMIT_MS = 120_000;

type Mode = 'worker' | 'raw';
type StakeRecord = import('#functions/data/pools.ts').StakeRecord;
interface BenchPool {
  name: string;
  tournamentId: string;
  championId: string;
  stakes: StakeRecord[];
}
export interface ShareRun {
  name: string;
  mode: Mode;
  stakes: number;
  seconds: number;
  /** CPU milliseconds of the DynamoDB Local JVM per stake. */
  javaMsPerStake: number;
  /** raw: stakes whose transaction failed, by error. */
  failures: Map<string, number>;
}
export interface PoolCheck {
  name: string;
  stakes: number;
  won: number;
  lost: number;
  /** Not on share version 1, or in a state or paid other than sharePool gives. */
  wrong: number;
  pool: number;
  paid: number;
  entries: number;
  /** A pool-share entry missing for a winner, present for a loser, or not of the winner's payout. */
  wrongEntries: number;
}
/** Stakes placed at once through the API, and when the stream-counted totals held every one. */
export interface RushRun {
  stakes: number;
  placed: number;
  refused: number;
  seconds: number;
  /** From the rush's last answer until the totals counted every stake placed (null: not within the limit). */
  caughtUpSeconds: number | null;
}
export interface PoolShareBenchResult {
  concurrency: number;
  maxItems: number;
  users: number;
  setupSeconds: number;
  warmup: ShareRun[];
  rawBefore: ShareRun;
  worker: ShareRun;
  rawAfter: ShareRun;
  checks: PoolCheck[];
  walletMismatches: number;
  inboxMismatches: number;
  rush: RushRun;
  loadStart: number[];
  loadEnd: number[];
}

export function benchPoolShare(): Promise<PoolShareBenchResult> {
  const loadStart = loadavg();
  const started = performance.now();
  return withBenchCloud({ betsPerBettor: 0, timeLimitMs: TIME_LIMIT_MS, name: 'pool-share' }, async (cloud) => {
    const gateway = `http://127.0.0.1:${new URL(cloud.baseUrl).port}`;
    Object.assign(process.env, { AWS_ENDPOINT_URL_SQS: `${gateway}${SQS_PREFIX}`, SETTLEMENT_QUEUE_URL: localQueueUrl(gateway, 'settlement') });
    const [m, p] = await Promise.all([domainModules(), poolModules()]);
    const javaPid = await childNamed(cloud.pid, 'java');
    const log = (line: string) => console.error(`pool-share benchmark: ${line}`);

    // Setup: users, four teams (the first lifts the cup), the pools and their stakes.
    const teams = await createTeams(m, ['Cup Lions', 'Cup Tigers', 'Cup Hawks', 'Cup Bears']);
    const userIds = Array.from({ length: Math.max(STAKES, WARMUP_STAKES) }, () => randomUUID());
    const createdAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const plan: [string, number][] = [
      ['warm-up worker', WARMUP_STAKES],
      ['warm-up raw', WARMUP_STAKES],
      ['raw before', STAKES],
      ['worker', STAKES],
      ['raw after', STAKES],
    ];
    const benchPools: BenchPool[] = plan.map(([name, count]) => {
      const tournamentId = randomUUID();
      const stakes = userIds.slice(0, count).map((userId, i): StakeRecord => {
        const team = i < count / 2 ? teams[0] : teams[1 + (i % 3)];
        return { userId, tournamentId, teamId: team.id, teamName: team.name, amount: COIN_BET_MIN + ((i * 37) % 451), status: 'accepted', createdAt, acceptedAt: createdAt };
      });
      return { name, tournamentId, championId: teams[0].id, stakes };
    });
    const items = accountItems(m, userIds, () => WELCOME_COINS);
    for (const pool of benchPools) {
      for (const stake of pool.stakes) {
        items.push(putOf(p.pools.newStakeItem(stake)));
        items.push(putOf(m.ledger.ledgerEntryItem({ userId: stake.userId, entryId: m.ledger.poolStakeEntryId(pool.tournamentId, stake.teamId), kind: 'pool-stake', coins: -stake.amount, cashPaise: 0, createdAt })));
      }
    }
    await writeItems(m, items);
    const closedAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const knockedOut = teams.slice(1).map((t) => t.id);
    for (const pool of benchPools) {
      await p.pools.openPool({ tournamentId: pool.tournamentId, teamIds: teams.map((t) => t.id), outTeamIds: knockedOut, championIds: [pool.championId], closedAt, shareVersion: 1, createdAt });
    }
    const setupSeconds = (performance.now() - started) / 1000;
    log(`set up ${userIds.length} users and ${benchPools.reduce((n, pool) => n + pool.stakes.length, 0)} stakes in ${setupSeconds.toFixed(1)} s`);

    const share = async (mode: Mode, pool: BenchPool): Promise<ShareRun> => {
      // raw: the worker's transactions, read before the clock starts (the worker reads them inside its span).
      const batches = mode === 'raw' ? (await p.sharing.planShare((await p.pools.getPool(pool.tournamentId, true))!)).batches : [];
      const waited = await untilQuiet(cloud.pid, javaPid, { limitMs: QUIET_LIMIT_MS });
      log(`quiet after ${(waited / 1000).toFixed(1)} s, before ${pool.name}`);
      const before = await cpuTimes(cloud.pid, javaPid);
      const run = mode === 'worker' ? await shareThroughWorker(p, pool) : await commitRaw(m, batches);
      const after = await cpuTimes(cloud.pid, javaPid);
      log(`${pool.name}: ${pool.stakes.length} stakes in ${run.seconds.toFixed(1)} s`);
      return { ...run, name: pool.name, mode, stakes: pool.stakes.length, javaMsPerStake: (after.java - before.java) / pool.stakes.length };
    };
    const byName = (name: string) => benchPools.find((pool) => pool.name === name)!;
    // Warm-up (not reported): the worker's process loads the share, the JVM compiles the transaction paths.
    const warmup = [await share('worker', byName('warm-up worker')), await share('raw', byName('warm-up raw'))];
    const rawBefore = await share('raw', byName('raw before'));
    const worker = await share('worker', byName('worker'));
    const rawAfter = await share('raw', byName('raw after'));

    const checks: PoolCheck[] = [];
    const expected = new Map<string, { paid: number; notices: number }>(userIds.map((userId) => [userId, { paid: 0, notices: 0 }]));
    for (const pool of benchPools) {
      const { check, payouts } = await checkPool(m, pool);
      checks.push(check);
      for (const stake of pool.stakes) {
        const of = expected.get(stake.userId)!;
        of.paid += payouts.get(stake.userId) ?? 0;
        of.notices++;
      }
    }
    const accounts = await checkAccounts(m, expected);
    const rush = await stakeRush(cloud.baseUrl, m, p, userIds.slice(0, RUSH_STAKES), teams, createdAt);
    log(`rush: ${rush.placed}/${rush.stakes} placed in ${rush.seconds.toFixed(1)} s, totals exact ${rush.caughtUpSeconds?.toFixed(1) ?? 'never'} s after the last answer`);
    return {
      rush,
      concurrency: m.sweep.SETTLE_CONCURRENCY,
      maxItems: m.dynamodb.MAX_TRANSACT_ITEMS,
      users: userIds.length,
      setupSeconds,
      warmup,
      rawBefore,
      worker,
      rawAfter,
      checks,
      ...accounts,
      loadStart,
      loadEnd: loadavg(),
    };
  });
}

/**
 * The rush: every bettor stakes in a new open pool at once through the API, then the totals (counted by the
 * table stream) are read until they hold every stake placed.
 */
async function stakeRush(baseUrl: string, m: Domain, p: PoolModules, bettors: string[], teams: { id: string }[], createdAt: string): Promise<RushRun> {
  const tournamentId = randomUUID();
  await p.pools.openPool({ tournamentId, teamIds: teams.map((t) => t.id), shareVersion: 0, createdAt });
  const cookies = await openSessions(m, bettors);
  const { getPoolTotals } = await import('#functions/data/pool-totals.ts');
  let placed = 0;
  let lastAnswer = 0;
  const started = performance.now();
  await forEachLimit(
    bettors.map((userId, i) => ({ userId, teamId: teams[i % teams.length].id })),
    RUSH_IN_FLIGHT,
    async ({ userId, teamId }) => {
      const res = await fetch(`${baseUrl}${API_BASE_PATH}/pool/stake`, {
        method: 'POST',
        headers: { cookie: cookies.get(userId)!, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ tournamentId, teamId, amount: COIN_BET_MIN }),
      });
      await res.arrayBuffer();
      if (res.status === 201) placed++;
      lastAnswer = performance.now();
    },
  );
  const seconds = (lastAnswer - started) / 1000;
  for (;;) {
    const counted = [...(await getPoolTotals(tournamentId)).values()].reduce((n, team) => n + team.stakes, 0);
    if (counted === placed) return { stakes: bettors.length, placed, refused: bettors.length - placed, seconds, caughtUpSeconds: (performance.now() - lastAnswer) / 1000 };
    if (performance.now() - lastAnswer > RUSH_LIMIT_MS) return { stakes: bettors.length, placed, refused: bettors.length - placed, seconds, caughtUpSeconds: null };
    await sleep(100);
  }
}

/** The pool modules; imported only once process.env points at the cloud. */
async function poolModules() {
  const [pools, sharing, queue] = await Promise.all([import('#functions/data/pools.ts'), import('#functions/settlement/pool-sharing.ts'), import('#functions/settlement/settlement-queue.ts')]);
  return { pools, sharing, queue };
}
type PoolModules = Awaited<ReturnType<typeof poolModules>>;
type ShareBatches = Awaited<ReturnType<PoolModules['sharing']['planShare']>>['batches'];

/** Asks the settlement worker to share the pool and waits until the pool records the share done (polled every 50 ms). */
async function shareThroughWorker(p: PoolModules, pool: BenchPool) {
  const started = performance.now();
  await p.queue.queueSettlement({ poolTournamentId: pool.tournamentId });
  while (performance.now() - started < SHARE_LIMIT_MS) {
    const record = await p.pools.getPool(pool.tournamentId, true);
    if (record && record.sharedVersion === record.shareVersion) return { seconds: (performance.now() - started) / 1000, failures: new Map<string, number>() };
    await sleep(50);
  }
  throw new Error(`pool ${pool.tournamentId} was not shared within ${SHARE_LIMIT_MS / 1000} s`);
}

/** The baseline: planShare's batches, each with its notices last as commitNotifying commits them, sent with transactWrite at the worker's parallelism. */
async function commitRaw(m: Domain, batches: ShareBatches) {
  const failures = new Map<string, number>();
  const started = performance.now();
  await commitBatchesRaw(m, batches, failures);
  return { seconds: (performance.now() - started) / 1000, failures };
}

/** Each stake on share version 1 as sharePool gives it, and its pool-share entry exactly for the winners, of their payout. */
async function checkPool(m: Domain, pool: BenchPool): Promise<{ check: PoolCheck; payouts: Map<string, number> }> {
  const id = (stake: Pick<StakeRecord, 'userId' | 'teamId'>) => `${stake.userId}#${stake.teamId}`;
  const want = sharePool(
    pool.stakes.map((stake) => ({ id: id(stake), teamId: stake.teamId, amount: stake.amount, createdAt: stake.createdAt })),
    [pool.championId],
  );
  const pk = m.keys.userPk;
  const [stakes, entries] = await Promise.all([
    getMany(m, pool.stakes.map((s) => ({ pk: pk(s.userId), sk: `POOLSTAKE#${pool.tournamentId}#${s.teamId}` }))),
    getMany(m, pool.stakes.map((s) => ({ pk: pk(s.userId), sk: `LEDGER#${m.ledger.poolShareEntryId(pool.tournamentId, s.teamId, 1)}` }))),
  ]);
  const read = new Map(stakes.map((item) => [item.userId as string, item]));
  const entryOf = new Map(entries.map((item) => [item.userId as string, item]));
  const check: PoolCheck = { name: pool.name, stakes: pool.stakes.length, won: 0, lost: 0, wrong: 0, pool: 0, paid: 0, entries: entries.length, wrongEntries: 0 };
  const payouts = new Map<string, number>();
  for (const stake of pool.stakes) {
    const got = read.get(stake.userId);
    const wins = stake.teamId === pool.championId;
    const payout = want.get(id(stake))!;
    check.pool += stake.amount;
    check.paid += (got?.payout as number | undefined) ?? 0;
    if (got?.status === 'won') check.won++;
    if (got?.status === 'lost') check.lost++;
    if (got?.status !== (wins ? 'won' : 'lost') || got.payout !== payout || got.shareVersion !== 1) check.wrong++;
    const entry = entryOf.get(stake.userId);
    if (wins ? entry?.coins !== payout || entry.earnings !== payout : entry !== undefined) check.wrongEntries++;
    if (wins) payouts.set(stake.userId, payout);
  }
  return { check, payouts };
}

/** Every user's wallet (coins and earnings: the start plus their payouts, once each) and unread count (one notice a stake). */
async function checkAccounts(m: Domain, expected: Map<string, { paid: number; notices: number }>) {
  const userIds = [...expected.keys()];
  const pk = m.keys.userPk;
  const [wallets, inboxes] = await Promise.all([getMany(m, userIds.map((id) => ({ pk: pk(id), sk: 'WALLET' }))), getMany(m, userIds.map((id) => ({ pk: pk(id), sk: 'INBOX' })))]);
  const walletOf = new Map(wallets.map((item) => [item.userId as string, item]));
  const unread = new Map(inboxes.map((item) => [item.userId as string, item.unread as number]));
  let walletMismatches = 0;
  let inboxMismatches = 0;
  for (const [userId, { paid, notices }] of expected) {
    const wallet = walletOf.get(userId);
    if (wallet?.coins !== WELCOME_COINS + paid || wallet.earnings !== paid) walletMismatches++;
    if (unread.get(userId) !== notices) inboxMismatches++;
  }
  return { walletMismatches, inboxMismatches };
}

/** The Markdown for docs/benchmarks.md. */
export function poolShareSection(r: PoolShareBenchResult, date: string): string {
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const rawSeconds = (r.rawBefore.seconds + r.rawAfter.seconds) / 2;
  const ratio = rawSeconds / r.worker.seconds;
  const runs = [...r.warmup, r.rawBefore, r.worker, r.rawAfter];
  const failures = runs.flatMap((x) => [...x.failures].map(([k, n]) => `${x.name}: ${k} x${n}`)).join(', ') || 'none';
  const exactlyOnce = r.checks.every((c) => c.wrong === 0 && c.wrongEntries === 0 && c.paid === c.pool && c.won + c.lost === c.stakes) && r.walletMismatches + r.inboxMismatches === 0 && failures === 'none';
  const coins = (n: number) => n.toLocaleString('en-GB');
  const champion = r.worker.stakes - Math.floor(r.worker.stakes / 2);
  return [
    `Measured ${date} on this machine (${machineLine()}; ${codeUnderTest()}); setup (fresh local cloud, ${r.users} users, ${r.checks.reduce((n, c) => n + c.stakes, 0)} stakes in ${r.checks.length} pools written in batches) took ${r.setupSeconds.toFixed(0)} s. Load average at the start: ${load(r.loadStart)}, at the end: ${load(r.loadEnd)} (1/5/15 min; the machine is shared).`,
    '',
    `**Sharing a cup pool of ${r.worker.stakes} stakes** (${champion} on the champion, the rest over three other teams, ${COIN_BET_MIN}-${COIN_BET_MIN + 450} coins each; worker parallelism ${r.concurrency}, up to ${r.maxItems} items a transaction). Worker: \`{ poolTournamentId }\` on the settlement queue -> the worker's sharePoolNow -> pool marked shared. Raw: planShare's transactions with their notices, straight to the cloud's DynamoDB endpoint, on twin pools just before and just after (mean). Order: warm-up worker and raw (${r.warmup[0].stakes} stakes each, not reported), then raw, worker, raw.`,
    '',
    '| stakes | worker s | raw s (before / after) | ratio raw / worker | JVM CPU ms/stake worker / raw |',
    '|---:|---:|---:|---:|---|',
    `| ${r.worker.stakes} | ${r.worker.seconds.toFixed(1)} | ${rawSeconds.toFixed(1)} (${r.rawBefore.seconds.toFixed(1)} / ${r.rawAfter.seconds.toFixed(1)}) | **${ratio.toFixed(2)}** | ${r.worker.javaMsPerStake.toFixed(1)} / ${((r.rawBefore.javaMsPerStake + r.rawAfter.javaMsPerStake) / 2).toFixed(1)} |`,
    '',
    `Ratio raw / worker: **${ratio.toFixed(2)}** (settlement's target >= ${SETTLE_RATIO_TARGET}: ${ok(ratio >= SETTLE_RATIO_TARGET)}). Failed transactions: ${failures}.`,
    `**A rush of ${r.rush.stakes} stakes** through the API at once (${RUSH_IN_FLIGHT} in flight, one pool): ${r.rush.placed} placed, ${r.rush.refused} refused, in ${r.rush.seconds.toFixed(1)} s; the pool's totals, counted from the table stream, held every stake placed ${r.rush.caughtUpSeconds === null ? '**not within the limit**' : `${r.rush.caughtUpSeconds.toFixed(1)} s after the last answer`} (target <= ${RUSH_CATCH_UP_TARGET_SECONDS} s: ${ok(r.rush.caughtUpSeconds !== null && r.rush.caughtUpSeconds <= RUSH_CATCH_UP_TARGET_SECONDS)}).`,
    '',
    `Exactly once: ${r.checks.map((c) => `${c.name}: ${c.won} won + ${c.lost} lost of ${c.stakes}, ${c.wrong} in a wrong state or paid other than sharePool gives, ${coins(c.paid)} coins paid of a pool of ${coins(c.pool)}, ${c.entries} pool-share entries (${c.wrongEntries} missing, extra or disagreeing)`).join('; ')}. Over all ${r.users} users and every pool: ${r.walletMismatches} wallets (coins, earnings) and ${r.inboxMismatches} unread counts differ from what their payouts and notices should give (${ok(exactlyOnce)}).`,
  ].join('\n');
}
