// Bet placement, `npm run bench` (or `npm run bench -- bets`): N users place coin bets concurrently
// through the local gateway ("api": POST /api/v1/bet/create-new, the real handler in the cloud's Node
// process) and, in the same run against the same DynamoDB endpoint (the cloud's conflict-faithful layer
// over DynamoDB Local), as many per-user TransactWriteItems are issued straight to it ("raw", bettors.ts
// placeRaw: the wallet debit, the bet put and the ledger put, built with the same data-module item
// builders; no check on the shared event item, the transaction bet placement should come down to), on
// fresh keys each round.
// Rounds alternate api/raw in an ABBA order, so drift and machine noise hit both alike; figures are
// medians over rounds.
import { loadavg } from 'node:os';
import { abbaRounds, codeUnderTest, createBettors, createOpenEvents, machineLine, placeRaw, placeThroughApi, STAKE, withBenchCloud, type Bettor, type Mode, type OpenEvent } from './bettors.ts';
import { rssLine, type CpuTimes, type Rss } from './processes.ts';
import { median, percentile } from './stats.ts';

const USERS = Number(process.env.BENCH_BET_USERS ?? 50);
const BETS_PER_USER = Number(process.env.BENCH_BETS_PER_USER ?? 5); // per round, each on its own event
const ROUND_PAIRS = Number(process.env.BENCH_BET_ROUND_PAIRS ?? 4);
const TIME_LIMIT_MS = 120_000;
export const BET_RATIO_TARGET = 0.8;
// A refused bet is an expected answer (402 already placed, 404 not enough coins; raw: a failed condition),
// though with enough coins and fresh events none should occur; anything else is an error.
const EXPECTED = { api: new Set(['201', '402', '404']), raw: new Set(['ok', 'ConditionalCheckFailed']) };

interface Round {
  mode: Mode;
  bets: number;
  betsPerSecond: number;
  p50: number;
  p99: number;
  outcomes: Map<string, number>;
  /** CPU time per bet of each process: where a bet's cost goes. */
  cpuMsPerRequest: CpuTimes;
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
  return withBenchCloud({ betsPerBettor, timeLimitMs: TIME_LIMIT_MS, name: 'bet' }, async (cloud, m) => {
    const bettors = await createBettors(m, USERS);
    const events = await createOpenEvents(m, 2 + ROUND_PAIRS * 2 * BETS_PER_USER);
    const take = (count: number) => events.splice(0, count);
    const place: Record<Mode, (b: Bettor, e: OpenEvent) => Promise<string>> = {
      api: (b, e) => placeThroughApi(cloud.baseUrl, b, e),
      raw: (b, e) => placeRaw(m, b, e),
    };

    // Warm-up (not reported): the gateway loads and compiles the handler, both sides open connections.
    const warmUp = async () => {
      await runRound('api', bettors, take(1), place.api);
      await runRound('raw', bettors, take(1), place.raw);
    };
    const run = (mode: Mode) => runRound(mode, bettors, take(BETS_PER_USER), place[mode]);
    const { rounds, idleRss, loadedRss } = await abbaRounds(cloud, ROUND_PAIRS, run, (r) => r.bets, warmUp);
    return { users: USERS, ...summarize(rounds), idleRss, loadedRss };
  });
}

/** Medians over the rounds of each mode, and the outcomes that should not happen. */
function summarize(rounds: Round[]) {
  const summary = (mode: Mode) => {
    const of = rounds.filter((r) => r.mode === mode);
    const cpu = of.map((r) => r.cpuMsPerRequest);
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

/** Every bettor places a bet on each event, one after another; all bettors at once (concurrency = N). */
async function runRound(mode: Mode, bettors: Bettor[], events: OpenEvent[], place: (b: Bettor, e: OpenEvent) => Promise<string>): Promise<Omit<Round, 'cpuMsPerRequest'>> {
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

/** The Markdown for docs/benchmarks.md. */
export function betsSection(r: BetBenchResult, date: string): string {
  const ratio = r.api.betsPerSecond / r.raw.betsPerSecond;
  const p99Ratio = r.api.p99 / r.raw.p99;
  const unexpected = [...r.unexpected].map(([outcome, count]) => `${outcome} x${count}`).join(', ') || 'none';
  const outcomes = (round: Round) => [...round.outcomes].map(([o, n]) => `${o} x${n}`).join(', ');
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  return [
    `Measured ${date} on this machine (${machineLine()}; ${codeUnderTest()}); ${r.users} users, concurrency ${r.users}, ${BETS_PER_USER} bets of ${STAKE} coins per user per round (one after another, each on its own event), ${r.rounds.length} rounds in ABBA order after one warm-up bet per user and mode; figures are medians over the rounds of each mode. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min; the machine is shared).`,
    '',
    '| | bets/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| api (gateway + handler + DynamoDB Local) | ${r.api.betsPerSecond.toFixed(0)} | ${r.api.p50.toFixed(1)} | ${r.api.p99.toFixed(1)} |`,
    `| raw (the bettor's own 3-item TransactWriteItems only) | ${r.raw.betsPerSecond.toFixed(0)} | ${r.raw.p50.toFixed(1)} | ${r.raw.p99.toFixed(1)} |`,
    '',
    `Throughput ratio api/raw: **${ratio.toFixed(2)}** (target >= ${BET_RATIO_TARGET}: ${ok(ratio >= BET_RATIO_TARGET)}). p99 latency api/raw: ${p99Ratio.toFixed(2)}x.`,
    `CPU per bet (median over rounds): api: gateway ${r.cpuMsPerBet.api.gateway.toFixed(1)} ms, DynamoDB Local JVM ${r.cpuMsPerBet.api.java.toFixed(1)} ms, driver ${r.cpuMsPerBet.api.driver.toFixed(1)} ms; raw: gateway ${r.cpuMsPerBet.raw.gateway.toFixed(1)} ms, JVM ${r.cpuMsPerBet.raw.java.toFixed(1)} ms, driver ${r.cpuMsPerBet.raw.driver.toFixed(1)} ms.`,
    `Unexpected outcomes (anything but 201/402/404, or a transaction refused other than by a condition): ${unexpected} (target none: ${ok(r.unexpected.size === 0)}).`,
    '',
    `Resident memory (VmRSS; peak VmHWM), idle after setup -> highest after a round: ${rssLine(r.idleRss, r.loadedRss)}.`,
    '',
    'Rounds:',
    '',
    '| # | mode | bets | bets/s | p50 ms | p99 ms | CPU ms/bet gateway / JVM / driver | outcomes |',
    '|---:|---|---:|---:|---:|---:|---|---|',
    ...r.rounds.map((x, i) => {
      const cpu = x.cpuMsPerRequest;
      return `| ${i + 1} | ${x.mode} | ${x.bets} | ${x.betsPerSecond.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${cpu.gateway.toFixed(1)} / ${cpu.java.toFixed(1)} / ${cpu.driver.toFixed(1)} | ${outcomes(x)} |`;
    }),
  ].join('\n');
}
