// The hot event, `npm run bench -- hot-event`: N bettors (BENCH_HOT_USERS, 1,000), each with coins and
// an open session, all bet at once on ONE event per round (a fresh open event each round), as a whole
// hostel does on the big match. It measures what bets on one event cost each other:
//   "api": POST /api/v1/bet/create-new through the local gateway (bettors.ts placeThroughApi);
//   "raw": the bettor's own TransactWriteItems (wallet debit, bet put, ledger entry: bettors.ts
//          placeRaw, the functions' item builders, no check on the shared event item), sent with the
//          functions' client (which retries lost races itself) to the same endpoint the functions use,
//          the cloud's conflict-faithful layer over DynamoDB Local (infra/local/dynamodb-conflicts.ts).
// Raw bets share no item, so raw never meets a conflict; whatever api loses to contention (a 409 once
// the retries ran out, a 5xx) and whatever the layer refused meanwhile (GET <endpoint>/conflicts, read
// before and after each round) is the price of items the API's bets share. Rounds alternate api/raw in
// ABBA order after a warm-up round of each mode; figures are medians over each mode's rounds.
// The same run then does the spike (spike.ts: 200 bettors, wallet read + bet on each of three events) on
// the same cloud, reported in this benchmark's section too (BENCH_HOT_SPIKE=0 leaves it out).
// The table stream's one consumer (functions/stream/handlers/table-stream.ts: reminders, pushes, live cards and
// the crowd split) runs throughout, as in the cloud: a watcher of the event's tournament is connected
// during each api round, and after the round the crowd split must count every committed bet within
// CROWD_CATCH_UP_TARGET_S of the round's last answer (the figure reported: how long after the last answer
// it had counted every one, and the count), in few coalesced broadcasts; the bets' own figures show what
// it costs them (nothing shared: no refusal or conflict added).
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
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
  refusedForContention,
  STAKE,
  sumConflicts,
  withBenchCloud,
  type Bettor,
  type Mode,
  type OpenEvent,
} from './bettors.ts';
import { API_BASE_PATH } from '../../shared/constants.ts';
import { childNamed, cpuTimes, rssLine, type CpuTimes, type Rss } from './processes.ts';
import { SPIKE_BETS_PER_BETTOR, SPIKE_TIME_LIMIT_MS, spikeIn, spikeSection, type SpikeResult } from './spike.ts';
import { median, percentile } from './stats.ts';

const USERS = Number(process.env.BENCH_HOT_USERS ?? 1000);
const ROUND_PAIRS = Number(process.env.BENCH_HOT_ROUND_PAIRS ?? 2);
// 1,000 bets at once queue for 10-20 s behind two cores on either side, longer than the spike's 10 s
// phone timeout; this benchmark is about contention, so a bettor waits longer (timeouts still count).
const TIMEOUT_MS = Number(process.env.BENCH_HOT_TIMEOUT_MS ?? 60_000);
const WITH_SPIKE = process.env.BENCH_HOT_SPIKE !== '0';
const TIME_LIMIT_MS = 900_000;
export const HOT_THROUGHPUT_TARGET = 0.8;
export const HOT_P99_TARGET = 2;
/** Every committed bet of a round counted in the crowd split within this long of the round's last answer. */
export const CROWD_CATCH_UP_TARGET_S = 10;
const SUCCESS: Record<Mode, string> = { api: '201', raw: 'ok' };

interface Round {
  mode: Mode;
  /** Bets sent (one per bettor). */
  bets: number;
  /** Bets committed (api 201, raw ok). */
  placed: number;
  seconds: number;
  /** Committed bets per second of the round (first request sent to last answer). */
  betsPerSecond: number;
  /** Over every answer, refusals included. */
  p50: number;
  p99: number;
  outcomes: Map<string, number>;
  refused: number;
  conflicts: ConflictCounts | undefined;
  cpuMsPerRequest: CpuTimes;
  /** api rounds: what the live-cards consumer made of the round. */
  live?: LiveCheck;
}
interface LiveCheck {
  /** Bettors in the event's crowd split once it counted every committed bet, or after LIVE_WAIT_MS. */
  counted: number;
  /**
   * The event's bets in the table that count (placed, not refunded), read as the split is: what it must
   * count. A bet whose answer was a 5xx (the function timed out on a saturated machine) may have been
   * committed all the same, so the 201s alone are not the figure to hold it to.
   */
  committed: number;
  /** Crowd broadcasts the watcher received during the round and until then. */
  broadcasts: number;
  /** From the round's last answer until the split counted every committed bet (LIVE_WAIT_MS and more: it never did). */
  caughtUpSeconds: number;
  /**
   * From the round's last answer until the table held its last committed bet (read each second; 0: all
   * were in by then). On a saturated machine a bet cut off by its function's timeout (a 5xx) may still
   * commit after the last answer, and the split cannot count it sooner.
   */
  lastCommitSeconds: number;
}
interface Figures {
  betsPerSecond: number;
  p50: number;
  p99: number;
  /** Summed over the mode's rounds. */
  bets: number;
  placed: number;
  refused: number;
  conflicts: ConflictCounts | undefined;
}
export interface HotEventResult {
  setupSeconds: number;
  rounds: Round[];
  api: Figures;
  raw: Figures;
  unexpected: Map<string, number>;
  idleRss: Rss;
  loadedRss: Rss;
  /** The gateway process's CPU per request of the no-op route (LOCAL_NO_OP_ROUTE): the local gateway's own share. */
  noOp: CpuTimes;
  spike?: SpikeResult;
}

export async function benchHotEvent(): Promise<HotEventResult> {
  // The welcome grant covers a warm-up bet of each mode and every round's bet (and the spike's).
  const hotBetsPerBettor = 2 + ROUND_PAIRS * 2;
  const betsPerBettor = WITH_SPIKE ? Math.max(hotBetsPerBettor, SPIKE_BETS_PER_BETTOR) : hotBetsPerBettor;
  const timeLimitMs = TIME_LIMIT_MS + (WITH_SPIKE ? SPIKE_TIME_LIMIT_MS : 0);
  return withBenchCloud({ betsPerBettor, timeLimitMs, name: 'hot-event' }, async (cloud, m) => {
    const started = performance.now();
    const bettors = await createBettors(m, USERS);
    const events = await createOpenEvents(m, hotBetsPerBettor);
    const setupSeconds = (performance.now() - started) / 1000;
    console.error(`hot-event benchmark: ${USERS} bettors and ${events.length} events set up in ${setupSeconds.toFixed(1)} s`);
    const place: Record<Mode, (b: Bettor, e: OpenEvent) => Promise<string>> = {
      api: (b, e) => placeThroughApi(cloud.baseUrl, b, e, TIMEOUT_MS),
      raw: (b, e) => placeRaw(m, b, e, TIMEOUT_MS),
    };
    const run = (mode: Mode) => hotRound(cloud, mode, bettors, events.shift()!, place[mode]);
    // Warm-up (not reported): the gateway loads and compiles the handler, both sides open connections.
    const warmUp = async () => {
      await run('api');
      await run('raw');
    };
    const { rounds, idleRss, loadedRss } = await abbaRounds(cloud, ROUND_PAIRS, run, (r) => r.bets, warmUp);
    for (const round of rounds) {
      const crowd = round.live ? `, crowd split ${round.live.counted}/${round.live.committed} counted ${round.live.caughtUpSeconds.toFixed(1)} s after the last answer (the last bet committed ${round.live.lastCommitSeconds.toFixed(1)} s after it)` : '';
      console.error(`hot-event benchmark: ${round.mode} ${round.placed}/${round.bets} placed, ${round.betsPerSecond.toFixed(0)} bets/s, p99 ${round.p99.toFixed(0)} ms, refused ${round.refused}${crowd}`);
    }
    const noOp = await noOpRound(cloud, USERS);
    console.error(`hot-event benchmark: no-op route, gateway ${noOp.gateway.toFixed(1)} ms CPU per request`);
    const spike = WITH_SPIKE ? await spikeIn(cloud, m) : undefined;
    return { setupSeconds, ...summarize(rounds), idleRss, loadedRss, noOp, spike };
  });
}

const LIVE_WAIT_MS = 60_000;

/** A WebSocket watching the event's tournament, counting the crowd broadcasts of that event. */
async function watchCrowd(cloud: CloudProcess, event: OpenEvent) {
  const { getEvent } = await import('#functions/data/events.ts');
  const tournamentId = (await getEvent(event.id))!.tournamentId;
  const socket = new WebSocket(`${cloud.baseUrl.replace('http', 'ws')}/ws`);
  let broadcasts = 0;
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString());
    if (message.event === 'crowd' && message.data.eventId === event.id) broadcasts++;
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ action: 'watch', tournamentId }));
  /** Waits until the split counts every bet of the event the table holds (or gives up), then closes the watcher. */
  const check = async (): Promise<LiveCheck> => {
    const { getCrowd } = await import('#functions/data/crowd.ts');
    const ended = performance.now();
    const counted = async () => Object.values((await getCrowd(event.id))?.bettors ?? {}).reduce((a, b) => a + b, 0);
    let [n, committed] = [await counted(), await standingBets(event.id)];
    let lastCommitSeconds = 0;
    for (let polls = 1; n !== committed && performance.now() - ended < LIVE_WAIT_MS; polls++) {
      await sleep(250);
      n = await counted();
      // Read again when the split reaches it, and every second (a bet cut off by its timeout may still commit).
      if (n >= committed || polls % 4 === 0) {
        const now = await standingBets(event.id);
        if (now !== committed) lastCommitSeconds = (performance.now() - ended) / 1000;
        committed = now;
      }
    }
    const caughtUpSeconds = (performance.now() - ended) / 1000;
    await sleep(3_500); // the last coalesced broadcast
    socket.close();
    return { counted: n, committed, broadcasts, caughtUpSeconds, lastCommitSeconds };
  };
  return { check };
}

/** The event's bets the table holds that count in its split: every shard of its bet index, refunded ones left out. */
async function standingBets(eventId: string): Promise<number> {
  const { BET_INDEX_SHARDS, listUnsettledBetsPage } = await import('#functions/data/bets.ts');
  let standing = 0;
  for (let shard = 0; shard < BET_INDEX_SHARDS; shard++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await listUnsettledBetsPage(eventId, shard, 1000, startKey);
      standing += page.bets.filter((bet) => bet.status !== 'refunded').length;
      startKey = page.nextKey;
    } while (startKey);
  }
  return standing;
}

/**
 * As many requests as a round has bets, all at once, to the gateway's no-op route: a bare handler
 * behind the same HTTP server, event translation and invoke as the bets' (infra/local/handlers.ts). The
 * gateway process's CPU per request here is the local gateway's own; a bet's beyond it is our code's.
 */
async function noOpRound(cloud: CloudProcess, requests: number): Promise<CpuTimes> {
  const javaPid = await childNamed(cloud.pid, 'java');
  const url = `${cloud.baseUrl}${API_BASE_PATH}/_local/no-op`;
  const send = async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (response.status !== 200) throw new Error(`no-op route answered ${response.status}`);
    await response.arrayBuffer();
  };
  await Promise.all(Array.from({ length: 50 }, send)); // warm-up: the route's first requests
  const before = await cpuTimes(cloud.pid, javaPid);
  await Promise.all(Array.from({ length: requests }, send));
  const after = await cpuTimes(cloud.pid, javaPid);
  return { gateway: (after.gateway - before.gateway) / requests, java: (after.java - before.java) / requests, driver: (after.driver - before.driver) / requests };
}

/** Every bettor bets once, all at once, on the one event; the conflict layer's counts around it. */
async function hotRound(cloud: CloudProcess, mode: Mode, bettors: Bettor[], event: OpenEvent, place: (b: Bettor, e: OpenEvent) => Promise<string>) {
  const watcher = mode === 'api' ? await watchCrowd(cloud, event) : undefined;
  const before = await conflictCounts(cloud);
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    bettors.map(async (bettor) => {
      const sent = performance.now();
      const outcome = await place(bettor, event);
      latencies.push(performance.now() - sent);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const conflicts = conflictsBetween(before, await conflictCounts(cloud));
  const placed = outcomes.get(SUCCESS[mode]) ?? 0;
  const refused = [...outcomes].reduce((n, [outcome, count]) => n + (refusedForContention(mode, outcome) ? count : 0), 0);
  const live = watcher && (await watcher.check());
  return { mode, bets: latencies.length, placed, seconds, betsPerSecond: placed / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), outcomes, refused, conflicts, ...(live && { live }) };
}

function summarize(rounds: Round[]) {
  const figures = (mode: Mode): Figures => {
    const of = rounds.filter((r) => r.mode === mode);
    const sum = (pick: (r: Round) => number) => of.reduce((n, r) => n + pick(r), 0);
    return {
      betsPerSecond: median(of.map((r) => r.betsPerSecond)),
      p50: median(of.map((r) => r.p50)),
      p99: median(of.map((r) => r.p99)),
      bets: sum((r) => r.bets),
      placed: sum((r) => r.placed),
      refused: sum((r) => r.refused),
      conflicts: sumConflicts(of.map((r) => r.conflicts)),
    };
  };
  // Anything but a committed bet or a refusal for contention (a timeout, a 4xx, a failed condition).
  const unexpected = new Map<string, number>();
  for (const round of rounds) {
    for (const [outcome, count] of round.outcomes) {
      if (outcome === SUCCESS[round.mode] || refusedForContention(round.mode, outcome)) continue;
      const key = `${round.mode} ${outcome}`;
      unexpected.set(key, (unexpected.get(key) ?? 0) + count);
    }
  }
  return { rounds, api: figures('api'), raw: figures('raw'), unexpected };
}

/** Whether the round's crowd split counted every committed bet, and within the target. */
const caughtUp = (round: Round & { live: LiveCheck }) => round.live.counted === round.live.committed;
const inTime = (round: Round & { live: LiveCheck }) => caughtUp(round) && round.live.caughtUpSeconds <= CROWD_CATCH_UP_TARGET_S;

/** What the table stream's consumer made of the api rounds it ran through: the crowd split's catch-up. */
function liveLine(rounds: Round[]): string {
  const checked = rounds.filter((round) => round.live) as (Round & { live: LiveCheck })[];
  const all = (test: (round: Round & { live: LiveCheck }) => boolean) => checked.every(test);
  const each = checked
    .map((round) =>
      caughtUp(round)
        ? `every one of ${round.live.committed} committed bets (${round.placed} answered 201) counted **${round.live.caughtUpSeconds.toFixed(1)} s** after the last answer${round.live.lastCommitSeconds > 0 ? ` (the last of them committed ${round.live.lastCommitSeconds.toFixed(1)} s after it)` : ''} (${round.live.broadcasts} broadcasts)`
        : `only ${round.live.counted} of ${round.live.committed} committed bets (${round.placed} answered 201) counted ${(LIVE_WAIT_MS / 1000).toFixed(0)} s after the last answer (${round.live.broadcasts} broadcasts)`,
    )
    .join('; ');
  return `Crowd split (the table stream's one consumer, functions/stream/handlers/table-stream.ts, running through every round; a watcher of the event's tournament connected in each api round): ${each}. Target: every committed bet counted within ${CROWD_CATCH_UP_TARGET_S} s of the round's last answer: ${all(inTime) ? 'yes' : '**NO**'}; at most one broadcast per 3 s of the round and the catch-up: ${all((r) => r.live.broadcasts <= Math.ceil((r.seconds + r.live.caughtUpSeconds + 3.5) / 3) + 1) ? 'yes' : '**NO**'}.`;
}

/** Targets for our own CPU per accepted bet (issue 23 §2): the gateway process's share beyond the local gateway's, and DynamoDB Local's JVM. */
const OUR_CPU_TARGET_MS = 6;
const JVM_CPU_TARGET_MS = 12;

/** The gateway process's CPU per api bet split into the local gateway's own (its no-op route) and our handler's. */
function cpuSplitLine(r: HotEventResult): string {
  const api = r.rounds.filter((round) => round.mode === 'api');
  const perBet = (pick: (cpu: CpuTimes) => number) => median(api.map((round) => (pick(round.cpuMsPerRequest) * round.bets) / Math.max(1, round.placed)));
  const gateway = perBet((cpu) => cpu.gateway);
  const ours = gateway - r.noOp.gateway;
  const jvm = perBet((cpu) => cpu.java);
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  const split = `the gateway process ${gateway.toFixed(1)} ms, of which the local gateway's own ${r.noOp.gateway.toFixed(1)} ms (its no-op route, ${USERS} requests at once in the same run)`;
  const jvmLine = `DynamoDB Local's JVM **${jvm.toFixed(1)} ms** (target <= ${JVM_CPU_TARGET_MS}: ${ok(jvm <= JVM_CPU_TARGET_MS)})`;
  // The conflict layer is the local stand-in for DynamoDB's conflict rules, in the gateway's process:
  // with it on, the rest is not our handler's alone.
  if (r.api.conflicts) {
    return `CPU per accepted api bet (median of the api rounds): ${split} and ${ours.toFixed(1)} ms for our handler **and the conflict layer's forwarding of its DynamoDB requests** (the layer runs in the same process; \`DYNAMODB_CONFLICTS=off\` measures the handler alone); ${jvmLine}.`;
  }
  return `CPU per accepted api bet (median of the api rounds; no conflict layer): ${split} and **our handler's ${ours.toFixed(1)} ms** (target <= ${OUR_CPU_TARGET_MS}: ${ok(ours <= OUR_CPU_TARGET_MS)}); ${jvmLine}.`;
}

/** The Markdown for docs/benchmarks.md. */
export function hotEventSection(r: HotEventResult, date: string): string {
  const ratio = r.api.betsPerSecond / r.raw.betsPerSecond;
  const p99Ratio = r.api.p99 / r.raw.p99;
  const ok = (b: boolean) => (b ? 'yes' : '**NO**');
  const ms = (x: number) => x.toFixed(0);
  const row = (label: string, f: Figures) =>
    `| ${label} | ${f.betsPerSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.placed} / ${f.bets} | ${f.refused} | ${conflictsText(f.conflicts)} |`;
  const outcomes = (round: Round) => [...round.outcomes].map(([o, n]) => `${o} x${n}`).join(', ');
  const unexpected = [...r.unexpected].map(([outcome, count]) => `${outcome} x${count}`).join(', ') || 'none';
  return [
    `Measured ${date} on this machine (${machineLine()}; ${codeUnderTest()}); ${USERS} bettors started at once, each betting ${STAKE} coins on the same ONE event (a fresh open event each round, ${USERS} bets a round), ${r.rounds.length} rounds in ABBA order after a warm-up round of each mode; medians over each mode's rounds, counts summed over them. A bettor waits up to ${TIMEOUT_MS / 1000} s for an answer. Setup (${USERS} bettors written as verify-email writes them, and the events) took ${r.setupSeconds.toFixed(0)} s. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min; the machine is shared).`,
    '',
    '| | bets/s (committed) | p50 ms | p99 ms | committed / sent | refused for contention | layer conflicts: cancelled transactions / refused writes / unprocessed batch writes |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('api (POST /bet/create-new through the gateway)', r.api),
    row("raw (the bettor's own TransactWriteItems: wallet debit, bet, ledger entry)", r.raw),
    '',
    `Throughput ratio api/raw (committed bets/s): **${ratio.toFixed(2)}** (target >= ${HOT_THROUGHPUT_TARGET}: ${ok(ratio >= HOT_THROUGHPUT_TARGET)}). p99 api/raw: **${p99Ratio.toFixed(2)}x** (target <= ${HOT_P99_TARGET}x: ${ok(p99Ratio <= HOT_P99_TARGET)}). Refused for contention (api: 409 or 5xx; raw: TransactionCanceledException / TransactionConflictException after the client's retries): api ${r.api.refused}, raw ${r.raw.refused} (target 0: ${ok(r.api.refused + r.raw.refused === 0)}).`,
    `Other outcomes (neither committed nor refused for contention: timeouts, other statuses, failed conditions): ${unexpected}.`,
    `Resident memory (VmRSS; peak VmHWM), idle after setup -> highest after a round: ${rssLine(r.idleRss, r.loadedRss)}.`,
    liveLine(r.rounds),
    cpuSplitLine(r),
    '',
    '| # | mode | sent | committed | seconds | bets/s | p50 ms | p99 ms | refused | layer conflicts c / w / b | CPU ms/bet gateway / JVM / driver | outcomes |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|',
    ...r.rounds.map((x, i) => {
      const cpu = x.cpuMsPerRequest;
      return `| ${i + 1} | ${x.mode} | ${x.bets} | ${x.placed} | ${x.seconds.toFixed(1)} | ${x.betsPerSecond.toFixed(0)} | ${ms(x.p50)} | ${ms(x.p99)} | ${x.refused} | ${conflictsText(x.conflicts)} | ${cpu.gateway.toFixed(1)} / ${cpu.java.toFixed(1)} / ${cpu.driver.toFixed(1)} | ${outcomes(x)} |`;
    }),
    ...(r.spike
      ? ['', '**The spike on the same cloud, after the rounds above** (spike.ts: 200 bettors read their wallet and bet, on each of the same three events):', '', spikeSection(r.spike, date)]
      : []),
  ].join('\n');
}
