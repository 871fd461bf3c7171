// A referee's tap reaching a watching phone, `npm run bench -- live-score`: taps through a scorer link
// (POST /api/v1/scorer/matches/{id}/score, the real handler, the link's secret in its header), one every
// TAP_GAP_MS as a referee taps, each timed from its send to the `event-state` push carrying its score on
// a visitor's WebSocket watching the tournament (the table stream's live-cards handler sends it). The
// baseline, in the same run: the tap's own HTTP round trip. Target: p95 of the push within 2 s.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { API_BASE_PATH, SCORER_TOKEN_HEADER } from '../../shared/constants.ts';
import { codeUnderTest, createOpenEvents, machineLine, withBenchCloud } from './bettors.ts';
import { percentile } from './stats.ts';

const TAPS = Number(process.env.BENCH_LIVE_TAPS ?? 40);
const WARM_TAPS = 5;
const TAP_GAP_MS = 250;
const PUSH_LIMIT_MS = 10_000;
export const LIVE_PUSH_P95_TARGET_MS = 2_000;

interface Tap {
  httpMs: number;
  /** Undefined when no push carried it within PUSH_LIMIT_MS. */
  pushMs?: number;
}

export interface LiveScoreBenchResult {
  taps: Tap[];
  loadStart: number[];
  loadEnd: number[];
}

export async function benchLiveScore(): Promise<LiveScoreBenchResult> {
  const loadStart = loadavg();
  return withBenchCloud({ betsPerBettor: 1, timeLimitMs: 180_000, name: 'live-score' }, async (cloud, m) => {
    const { createScorerLink } = await import('#functions/catalog/scorer-links.ts');
    const [open] = await createOpenEvents(m, 1);
    const event = (await m.events.getEvent(open.id, true))!;
    const link = await createScorerLink(event.tournamentId, { name: 'Bench court', eventIds: [event.id] }, { userId: 'bench', role: 'operator' });
    const token = new URL(link.url).hash.slice(1);

    // A visitor's page: an anonymous socket watching the tournament.
    const pushes = new Map<number, number>();
    const socket = new WebSocket(`${cloud.baseUrl.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const watched = new Promise<number>((resolve) => {
      socket.on('message', (data) => {
        const at = performance.now();
        const message = JSON.parse((data as Buffer).toString()) as { action?: string; statusCode?: number; event?: string; data?: { _id: string; liveScore?: { home: number } } };
        if (message.action === 'watch') resolve(message.statusCode!);
        if (message.event === 'event-state' && message.data?._id === event.id && message.data.liveScore && !pushes.has(message.data.liveScore.home)) pushes.set(message.data.liveScore.home, at);
      });
    });
    socket.send(JSON.stringify({ action: 'watch', tournamentId: event.tournamentId }));
    if ((await watched) !== 200) throw new Error('the watch was refused');

    const tap = async (home: number): Promise<Tap> => {
      const sent = performance.now();
      const response = await fetch(`${cloud.baseUrl}${API_BASE_PATH}/scorer/matches/${event.id}/score`, {
        method: 'POST',
        headers: { [SCORER_TOKEN_HEADER]: token, origin: cloud.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ home, away: 0, takenAt: Date.now() }),
        signal: AbortSignal.timeout(PUSH_LIMIT_MS),
      });
      const httpMs = performance.now() - sent;
      if (response.status !== 200) throw new Error(`tap ${home} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      await response.arrayBuffer();
      const deadline = sent + PUSH_LIMIT_MS;
      while (!pushes.has(home) && performance.now() < deadline) await sleep(5);
      const arrived = pushes.get(home);
      return { httpMs, ...(arrived !== undefined && { pushMs: arrived - sent }) };
    };
    // Warm-up (not reported): the gateway loads the handler, the stream consumer its code.
    for (let home = 1; home <= WARM_TAPS; home++) {
      await tap(home);
      await sleep(TAP_GAP_MS);
    }
    const taps: Tap[] = [];
    for (let home = WARM_TAPS + 1; home <= WARM_TAPS + TAPS; home++) {
      taps.push(await tap(home));
      await sleep(TAP_GAP_MS);
    }
    socket.terminate();
    return { taps, loadStart, loadEnd: loadavg() };
  });
}

export function liveScoreSection(r: LiveScoreBenchResult, date: string): string {
  const pushed = r.taps.flatMap((t) => (t.pushMs === undefined ? [] : [t.pushMs]));
  const http = r.taps.map((t) => t.httpMs);
  const ms = (x: number) => x.toFixed(0);
  const p95 = percentile(pushed, 95);
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  return [
    `Measured ${date} on this machine (${machineLine()}; ${codeUnderTest()}). Load average at the start: ${load(r.loadStart)}, at the end: ${load(r.loadEnd)} (1/5/15 min; the machine is shared).`,
    '',
    `**A referee's tap -> the live score on a watching phone**: ${r.taps.length} taps through a scorer link, one every ${TAP_GAP_MS} ms after ${WARM_TAPS} not reported, each timed from its send to the \`event-state\` push carrying its score on an anonymous socket watching the tournament.`,
    '',
    '| | p50 ms | p95 ms | max ms |',
    '|---|---:|---:|---:|',
    `| tap -> push on the watching socket (${pushed.length} of ${r.taps.length} arrived) | ${ms(percentile(pushed, 50))} | ${ms(p95)} | ${ms(Math.max(...pushed))} |`,
    `| baseline: the tap's own HTTP round trip | ${ms(percentile(http, 50))} | ${ms(percentile(http, 95))} | ${ms(Math.max(...http))} |`,
    '',
    `Push p50 / tap round trip p50: **${(percentile(pushed, 50) / percentile(http, 50)).toFixed(1)}x**. Every tap pushed: ${pushed.length === r.taps.length ? 'yes' : '**NO**'}; p95 ${ms(p95)} ms (target <= ${LIVE_PUSH_P95_TARGET_MS} ms: ${p95 <= LIVE_PUSH_P95_TARGET_MS ? 'yes' : '**NO**'}).`,
  ].join('\n');
}
