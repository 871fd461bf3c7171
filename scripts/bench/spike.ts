// The spike, `npm run bench -- spike`: the whole hostel bets at once. N virtual bettors (200) start
// together and, for each of the same few matches, read their wallet and then bet on the match, as the
// web app does before kick-off. "api" sends those requests through the local gateway (GET
// /wallet/get-wallet, POST /bet/create-new); "raw", in the same run against the same DynamoDB endpoint
// (the cloud's conflict-faithful layer), sends what they come down to straight to it: the wallet
// GetItem, and the bettor's own TransactWriteItems (wallet debit, bet, ledger entry; bettors.ts
// placeRaw: no check on the shared event item, the per-user transaction bet placement should come down
// to). Every bettor bets on the same events, so whatever the API's bet shares between bettors (the event
// item, if its transaction checks it) is hot. Rounds alternate api/raw in ABBA order on fresh events;
// figures are medians over rounds; the conflict layer's counts are read before and after each round.
// hot-event.ts runs the same spike (spikeIn) on its own cloud and reports it in its section too.
import { loadavg } from 'node:os';
import type { CloudProcess } from '../../infra/local/cloud-process.ts';
import type { ConflictCounts } from '../../infra/local/dynamodb-conflicts.ts';
import {
  abbaRounds,
  codeUnderTest,
  conflictCounts,
  conflictsBetween,
  conflictsText,
  createBettors,
  createOpenEvents,
  machineLine,
  placeRaw,
  placeThroughApi,
  readWalletRaw,
  readWalletThroughApi,
  refusedForContention,
  STAKE,
  sumConflicts,
  withBenchCloud,
  type Bettor,
  type Domain,
  type Mode,
  type OpenEvent,
} from './bettors.ts';
import { rssLine, type CpuTimes, type Rss } from './processes.ts';
import { median, percentile } from './stats.ts';

const USERS = Number(process.env.BENCH_SPIKE_USERS ?? 200);
const EVENTS_PER_ROUND = Number(process.env.BENCH_SPIKE_EVENTS ?? 3);
const ROUND_PAIRS = Number(process.env.BENCH_SPIKE_ROUND_PAIRS ?? 2);
export const SPIKE_TIME_LIMIT_MS = 240_000;
/** What each bettor's welcome grant must cover: a warm-up bet of each mode, then every round's bets. */
export const SPIKE_BETS_PER_BETTOR = 2 + ROUND_PAIRS * 2 * EVENTS_PER_ROUND;
export const SPIKE_THROUGHPUT_TARGET = 0.8;
export const SPIKE_P99_TARGET = 2;
const EXPECTED: Record<Mode, Set<string>> = { api: new Set(['201', '200']), raw: new Set(['ok']) };

interface Round {
  mode: Mode;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  betP99: number;
  walletP99: number;
  outcomes: Map<string, number>;
  /** Requests refused for contention (bettors.ts refusedForContention). */
  refused: number;
  /** What the conflict layer refused during the round (undefined without a layer). */
  conflicts: ConflictCounts | undefined;
  cpuMsPerRequest: CpuTimes;
}
interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  betP99: number;
  walletP99: number;
  /** Summed over the mode's rounds. */
  refused: number;
  conflicts: ConflictCounts | undefined;
}
export interface SpikeResult {
  rounds: Round[];
  api: Figures;
  raw: Figures;
  unexpected: Map<string, number>;
  idleRss: Rss;
  loadedRss: Rss;
}

interface Client {
  readWallet: (bettor: Bettor) => Promise<string>;
  placeBet: (bettor: Bettor, event: OpenEvent) => Promise<string>;
}

export async function benchSpike(): Promise<SpikeResult> {
  return withBenchCloud({ betsPerBettor: SPIKE_BETS_PER_BETTOR, timeLimitMs: SPIKE_TIME_LIMIT_MS, name: 'spike' }, spikeIn);
}

/** The spike on a running bench cloud whose welcome grant covers SPIKE_BETS_PER_BETTOR bets: its own bettors and events. */
export async function spikeIn(cloud: CloudProcess, m: Domain): Promise<SpikeResult> {
  const bettors = await createBettors(m, USERS);
  const events = await createOpenEvents(m, SPIKE_BETS_PER_BETTOR);
  const take = (count: number) => events.splice(0, count);
  const clients: Record<Mode, Client> = {
    api: { readWallet: (b) => readWalletThroughApi(cloud.baseUrl, b), placeBet: (b, e) => placeThroughApi(cloud.baseUrl, b, e) },
    raw: { readWallet: (b) => readWalletRaw(m, b), placeBet: (b, e) => placeRaw(m, b, e) },
  };

  // Warm-up (not reported): the gateway loads both handlers, both sides open their connections.
  const warmUp = async () => {
    await runSpike(bettors, take(1), clients.api);
    await runSpike(bettors, take(1), clients.raw);
  };
  const run = async (mode: Mode) => {
    const before = await conflictCounts(cloud);
    const round = await runSpike(bettors, take(EVENTS_PER_ROUND), clients[mode]);
    const conflicts = conflictsBetween(before, await conflictCounts(cloud));
    const refused = [...round.outcomes].reduce((n, [outcome, count]) => n + (refusedForContention(mode, outcome) ? count : 0), 0);
    return { ...round, refused, conflicts };
  };
  const { rounds, idleRss, loadedRss } = await abbaRounds(cloud, ROUND_PAIRS, run, (r) => r.requests, warmUp);
  return { ...summarize(rounds), idleRss, loadedRss };
}

/** Every bettor at once: for each event in turn, read the wallet, then bet on the event. */
async function runSpike(bettors: Bettor[], events: OpenEvent[], client: Client) {
  const all: number[] = [];
  const bets: number[] = [];
  const walletReads: number[] = [];
  const outcomes = new Map<string, number>();
  const timed = async (latencies: number[], request: () => Promise<string>) => {
    const sent = performance.now();
    const outcome = await request();
    const took = performance.now() - sent;
    latencies.push(took);
    all.push(took);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  };
  const started = performance.now();
  await Promise.all(
    bettors.map(async (bettor) => {
      for (const event of events) {
        await timed(walletReads, () => client.readWallet(bettor));
        await timed(bets, () => client.placeBet(bettor, event));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: all.length,
    requestsPerSecond: all.length / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    betP99: percentile(bets, 99),
    walletP99: percentile(walletReads, 99),
    outcomes,
  };
}

function summarize(rounds: Round[]) {
  const figures = (mode: Mode): Figures => {
    const of = rounds.filter((r) => r.mode === mode);
    const med = (pick: (r: Round) => number) => median(of.map(pick));
    return {
      requestsPerSecond: med((r) => r.requestsPerSecond),
      p50: med((r) => r.p50),
      p99: med((r) => r.p99),
      betP99: med((r) => r.betP99),
      walletP99: med((r) => r.walletP99),
      refused: of.reduce((n, r) => n + r.refused, 0),
      conflicts: sumConflicts(of.map((r) => r.conflicts)),
    };
  };
  const unexpected = new Map<string, number>();
  for (const round of rounds) {
    for (const [outcome, count] of round.outcomes) {
      const key = `${round.mode} ${outcome}`;
      if (!EXPECTED[round.mode].has(outcome)) unexpected.set(key, (unexpected.get(key) ?? 0) + count);
    }
  }
  return { rounds, api: figures('api'), raw: figures('raw'), unexpected };
}

/** The Markdown for docs/benchmarks.md. */
export function spikeSection(r: SpikeResult, date: string): string {
  const ratio = r.api.requestsPerSecond / r.raw.requestsPerSecond;
  const p99Ratio = r.api.p99 / r.raw.p99;
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  const ms = (x: number) => x.toFixed(0);
  const row = (label: string, f: Figures) =>
    `| ${label} | ${f.requestsPerSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.betP99)} | ${ms(f.walletP99)} | ${f.refused} | ${conflictsText(f.conflicts)} |`;
  const outcomes = (round: Round) => [...round.outcomes].map(([o, n]) => `${o} x${n}`).join(', ');
  const unexpected = [...r.unexpected].map(([outcome, count]) => `${outcome} x${count}`).join(', ') || 'none';
  return [
    `Measured ${date} on this machine (${machineLine()}; ${codeUnderTest()}); ${USERS} virtual bettors started at once, each reading its wallet and then betting ${STAKE} coins on each of the same ${EVENTS_PER_ROUND} events per round (${USERS * EVENTS_PER_ROUND * 2} requests a round), ${r.rounds.length} rounds in ABBA order after a warm-up round of each mode; medians over each mode's rounds, refusals and conflicts summed over them. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
    '',
    '| | requests/s | p50 ms | p99 ms | bet p99 ms | wallet p99 ms | refused for contention | layer conflicts: cancelled transactions / refused writes / unprocessed batch writes |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    row('api (gateway + handlers + DynamoDB)', r.api),
    row("raw (GetItem + the bettor's own 3-item TransactWriteItems)", r.raw),
    '',
    `Throughput ratio api/raw: **${ratio.toFixed(2)}** (target >= ${SPIKE_THROUGHPUT_TARGET}: ${ok(ratio >= SPIKE_THROUGHPUT_TARGET)}). p99 api/raw: **${p99Ratio.toFixed(2)}x** (target < ${SPIKE_P99_TARGET}x: ${ok(p99Ratio < SPIKE_P99_TARGET)}). Refused for contention (api: 409 or 5xx; raw: a lost race after the client's retries): api ${r.api.refused}, raw ${r.raw.refused} (target 0: ${ok(r.api.refused + r.raw.refused === 0)}).`,
    `Unexpected outcomes (api: anything but 200/201; raw: anything but a success): ${unexpected}.`,
    `Resident memory (VmRSS; peak VmHWM), idle after setup -> highest after a round: ${rssLine(r.idleRss, r.loadedRss)}.`,
    '',
    '| # | mode | requests | requests/s | p50 ms | p99 ms | refused | layer conflicts c / w / b | CPU ms/request gateway / JVM / driver | outcomes |',
    '|---:|---|---:|---:|---:|---:|---:|---|---|---|',
    ...r.rounds.map((x, i) => {
      const cpu = x.cpuMsPerRequest;
      return `| ${i + 1} | ${x.mode} | ${x.requests} | ${x.requestsPerSecond.toFixed(0)} | ${ms(x.p50)} | ${ms(x.p99)} | ${x.refused} | ${conflictsText(x.conflicts)} | ${cpu.gateway.toFixed(1)} / ${cpu.java.toFixed(1)} / ${cpu.driver.toFixed(1)} | ${outcomes(x)} |`;
    }),
  ].join('\n');
}
