// Live match cards, the pushing side: what a tournament's watchers receive over the WebSocket, and the
// crowd split kept from the bet stream. An event's state change goes out at once; the crowd split at most
// once per event every CROWD_WINDOW_MS, however fast bets come: at once when the window is free, else by
// one trailing broadcast the crowd queue delivers once it has passed, so no stream batch waits for it.
import type { LivePush } from '#shared/api.ts';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { queueCrowdBroadcast, type CrowdBroadcastMessage } from './crowd-queue.ts';
import { postToConnection } from '#functions/platform/socket-posts.ts';
import * as connections from '#functions/data/connections.ts';
import * as crowd from '#functions/data/crowd.ts';
import * as events from '#functions/data/events.ts';
import { liveState, splitOf } from './live-cards.ts';

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

/** Whether a change of the event item is one its card shows (a new event, pause, reopen, time, outcome or its correction, a live score). */
export function changesCard(before: events.EventRecord | undefined, after: events.EventRecord): boolean {
  if (!before) return true;
  return (
    before.isBetActive !== after.isBetActive ||
    before.time !== after.time ||
    before.decidedAt !== after.decidedAt ||
    before.correction !== after.correction ||
    before.liveScoreAt !== after.liveScoreAt
  );
}

/** Broadcasts the event's new state to its tournament's watchers, at once. */
export const broadcastEventState = (event: events.EventRecord) => broadcast(event.tournamentId, { event: 'event-state', data: liveState(event) });

/** One stream record's change to an event's split: its team gains (1) or loses (-1, a refund) a bettor. */
export interface CrowdChange {
  /** The stream record's id: counted once, however often the stream delivers it. */
  recordId: string;
  /** The 10 s of record time whose counted item holds the id (data/crowd.ts), and when they start (epoch s). */
  bucket: string;
  bucketStart?: number;
  teamId: string;
  delta: 1 | -1;
}

/** A trailing broadcast asked for this long ago and still not claimed is taken as lost and asked for again. */
const TRAILING_LOST_MS = 60_000;

/**
 * Adds to the event's split the bettors of those changes whose records it has not counted yet, in one
 * transaction with the ids of the records counted (data/crowd.ts countOnce); resolves how many records it
 * counted now. Whatever the stream delivers again, or in another cut, is counted once.
 */
export function countCrowd(event: Pick<events.EventRecord, 'id' | 'tournamentId'>, changes: readonly CrowdChange[]): Promise<number> {
  return crowd.countOnce(`the crowd split of ${event.id}`, crowd.crowdPk(event.id), changes, (fresh, records) => {
    const counts: Record<string, number> = {};
    for (const change of fresh) counts[change.teamId] = (counts[change.teamId] ?? 0) + change.delta;
    const nonZero = Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
    return crowd.addCounted({ eventId: event.id, tournamentId: event.tournamentId }, nonZero, records);
  });
}

/**
 * Sees that the event's split goes out, never waiting for it: broadcast now if no broadcast went out in
 * the last `windowMs`; otherwise one trailing broadcast is asked for once the window has passed (a
 * message to the crowd queue, delayed by the window), unless one is on its way already, which will carry
 * this split too (it reads the split when it claims). A stream batch thus never waits out the window, and
 * whatever a batch counted reaches the watchers at most a window (and a message's delivery) later.
 */
export async function broadcastCrowdSoon(eventId: string, tournamentId: string, windowMs = CROWD_WINDOW_MS): Promise<'broadcast' | 'trailing' | 'pending'> {
  const claimed = await crowd.claimBroadcast(eventId, Date.now(), windowMs);
  if (claimed) {
    await broadcast(tournamentId, { event: 'crowd', data: splitOf(tournamentId, claimed) });
    return 'broadcast';
  }
  return (await askTrailing(eventId, windowMs)) ? 'trailing' : 'pending';
}

/** Asks for a trailing broadcast a window from now, unless one is on its way; true if this call asked. */
async function askTrailing(eventId: string, windowMs: number): Promise<boolean> {
  const due = Date.now() + windowMs;
  if (!(await crowd.requestTrailing(eventId, due, Date.now() - TRAILING_LOST_MS))) return false;
  try {
    await queueCrowdBroadcast({ eventId, due }, Math.max(1, Math.ceil(windowMs / 1000)));
  } catch (error) {
    // Withdrawn, so the next count (this batch retried, or the next one) asks again.
    await crowd.dropTrailing(eventId, due).catch(() => undefined);
    throw error;
  }
  return true;
}

/**
 * The crowd queue's trailing broadcast (functions/live/handlers/crowd-broadcast.ts): the split as it stands,
 * if this trailing broadcast is still the one asked for (a broadcast since then carried the split, and a
 * later count asked for its own) and the window has passed.
 */
export async function broadcastTrailingCrowd(message: CrowdBroadcastMessage, windowMs = CROWD_WINDOW_MS): Promise<'broadcast' | 'superseded' | 'again'> {
  const { eventId, due } = message;
  const claimed = await crowd.claimBroadcast(eventId, Date.now(), windowMs, due);
  if (!claimed) {
    const split = await crowd.getCrowd(eventId);
    if (split?.trailingDue !== due) return 'superseded';
    // Still this one's, so the window has not passed yet (a message early by the clocks): again when it has.
    const left = (split.broadcastAt ?? 0) + windowMs - Date.now();
    await queueCrowdBroadcast(message, Math.max(1, Math.ceil(left / 1000)));
    return 'again';
  }
  const tournamentId = claimed.tournamentId ?? (await events.getEvent(eventId))?.tournamentId;
  if (!tournamentId) return 'superseded';
  try {
    await broadcast(tournamentId, { event: 'crowd', data: splitOf(tournamentId, claimed) });
  } catch (error) {
    // The claim took the window: ask for the next trailing broadcast so the split still goes out.
    log('warn', 'trailing crowd broadcast failed; another asked for', { eventId, ...errorFields(error) });
    if (!(await askTrailing(eventId, windowMs))) throw error;
    return 'again';
  }
  return 'broadcast';
}
