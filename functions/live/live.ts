// Live match cards, the pushing side: what a tournament's watchers receive over the WebSocket, and the
// crowd split kept from the bet stream. An event's state change goes out
// at once; the crowd split at most once per event every CROWD_WINDOW_MS, however fast bets come.
import type { LiveEventState, LivePush } from '#shared/api.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { postToConnection } from '#functions/platform/ws-push.ts';
import * as connections from '#functions/data/connections.ts';
import * as crowd from '#functions/data/crowd.ts';
import * as events from '#functions/data/events.ts';
import { isBettingOpen } from '#functions/betting/betting-rules.ts';
import { splitOf } from './live-cards.ts';

/** At most one crowd broadcast per event in this time (docs/deploy.md prices the fan-out with it). */
export const CROWD_WINDOW_MS = 3_000;
/** PostToConnection calls in flight at once for one broadcast. */
const POST_CONCURRENCY = 50;

export interface BroadcastReport {
  sent: number;
  gone: number;
  failed: number;
}

/**
 * Sends `message` to every watcher of the tournament: one Query page at a time, one PostToConnection
 * each. A watcher whose connection is gone (410) is forgotten; a failed post is logged, never thrown.
 */
export async function broadcast(tournamentId: string, message: LivePush): Promise<BroadcastReport> {
  const data = JSON.stringify(message);
  const report: BroadcastReport = { sent: 0, gone: 0, failed: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await connections.listWatchersPage(tournamentId, startKey);
    await forEachLimit(page.connectionIds, POST_CONCURRENCY, async (connectionId) => {
      try {
        const outcome = await postToConnection(connectionId, data);
        if (outcome === 'gone') {
          report.gone++;
          await connections.deleteWatch(tournamentId, connectionId);
        } else if (outcome === 'sent') report.sent++;
      } catch (error) {
        report.failed++;
        log('warn', 'live push failed', { tournamentId, connectionId, ...errorFields(error) });
      }
    });
    startKey = page.nextKey;
  } while (startKey);
  return report;
}

export const liveState = (event: events.EventRecord, now = new Date()): LiveEventState => ({
  _id: event.id,
  tournamentId: event.tournamentId,
  time: event.time,
  isBetActive: isBettingOpen(event, now),
  winnerTeamId: event.winnerTeamId ?? null,
  ...(event.isVoid && { isVoid: true as const }),
});

/** Whether a change of the event item is one its card shows (a new event, pause, reopen, time, outcome). */
export function changesCard(before: events.EventRecord | undefined, after: events.EventRecord): boolean {
  if (!before) return true;
  return before.isBetActive !== after.isBetActive || before.time !== after.time || before.winnerTeamId !== after.winnerTeamId || before.isVoid !== after.isVoid;
}

/** Broadcasts the event's new state to its tournament's watchers, at once. */
export const broadcastEventState = (event: events.EventRecord) => broadcast(event.tournamentId, { event: 'event-state', data: liveState(event) });

/** Per event id: how many bettors a stream batch added per team id (a refund counts -1), and the digest naming that batch's records. */
export type CrowdChanges = Map<string, { counts: Record<string, number>; digest: string }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Adds a stream batch's bettors to each event's split (one write per event, once per batch) and
 * broadcasts each split coalesced: now if the event's window is free, otherwise once it is (the worker
 * waits at most one window), unless another worker's broadcast after this write already carried it.
 */
export async function applyCrowdChanges(changes: CrowdChanges, windowMs = CROWD_WINDOW_MS): Promise<void> {
  const eventsById = await events.getEvents([...changes.keys()]);
  await Promise.all(
    [...changes].map(async ([eventId, { counts, digest }]) => {
      const event = eventsById.get(eventId);
      if (!event) return;
      const added = await crowd.addBettors(eventId, counts, digest);
      const due = (added.broadcastAt ?? 0) + windowMs;
      if (due > Date.now()) await sleep(due - Date.now());
      const claimed = await crowd.claimBroadcast(eventId, Date.now(), windowMs);
      // Unclaimed: another worker broadcast after this batch's write, so its split carried these bettors.
      if (claimed) await broadcast(event.tournamentId, { event: 'crowd', data: splitOf(event.tournamentId, claimed) });
    }),
  );
}
