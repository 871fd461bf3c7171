// The settlement worker: fed by the settlement queue (SQS), one record per decided event. A record
// that fails is reported back (partial batch response) for SQS to deliver again; settlement is
// idempotent, so a redelivery only finishes what is left.
import type { SQSRecord } from 'aws-lambda';
import { METRIC } from '#shared/metrics.ts';
import { ROUTE_TIMEOUT_SECONDS } from '#shared/routes.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { addMetadata, count, milliseconds } from '#functions/platform/metrics.ts';
import { queueSettlement, type SettlementMessage, settlementMessageSchema } from '#functions/settlement/settlement-queue.ts';
import { queueWorker, recordFields } from '#functions/platform/queue-worker.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { fillFromGroup } from '#functions/settlement/group-places.ts';
import { correctEvent } from '#functions/settlement/resettling.ts';
import { refreshStandings, settleEvent } from '#functions/settlement/settling.ts';
import { poolFollowsResult } from '#functions/settlement/pool-progress.ts';
import { sharePoolNow } from '#functions/settlement/pool-sharing.ts';

/** Time kept back from the Lambda's budget to report failures before it is cut off. */
const SAFETY_MS = 10_000;
/**
 * When the late sweep runs after a settlement: well past the longest a bet that read the event open
 * before the result can take to commit (the bet function's timeout). Such a bet refunds itself when it
 * sees the result; the sweep refunds one whose function was cut off before it could.
 */
export const LATE_SWEEP_DELAY_SECONDS = 3 * ROUTE_TIMEOUT_SECONDS;

export const handler = queueWorker(settlementMessageSchema, (context) => {
  const signal = AbortSignal.timeout(Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS));
  return (message, record) => settle(message, record, signal);
});

/** Settles the message's event; false when it failed and should be delivered again. */
async function settle(message: SettlementMessage, record: SQSRecord, signal: AbortSignal): Promise<boolean> {
  const fields = recordFields(record);
  if ('poolTournamentId' in message) return share(message.poolTournamentId, signal, fields);
  try {
    if (message.correction) return await correct(message.eventId, message.correction, message.sweep === true, signal, fields);
    const startedAt = Date.now();
    const report = await settleEvent(message.eventId, { signal, sweep: message.sweep });
    // The hostel leaderboard counts the event's bets won once they are settled (a sweep may settle more).
    await refreshStandings(message.eventId);
    // A group's last match sends its places on to the knockout (groups then knockout).
    if (!message.sweep) await fillFromGroup(message.eventId);
    // The cup pool: who is out, and the champion once the final (or a league's last match) is settled.
    if (!message.sweep) await poolFollowsResult(message.eventId);
    log('info', message.sweep ? 'event swept' : 'event settled', { ...fields, ...report });
    addMetadata('eventId', message.eventId);
    if (message.sweep) count(METRIC.betsSwept, report.settled);
    else {
      milliseconds(METRIC.settlementDuration, Date.now() - startedAt);
      count(METRIC.betsSettled, report.settled);
      await queueSettlement({ eventId: message.eventId, sweep: true }, LATE_SWEEP_DELAY_SECONDS);
    }
    return true;
  } catch (error) {
    if (error instanceof DomainError) {
      log('error', `settlement message dropped: ${error.code}`, { ...fields, eventId: message.eventId });
      return true;
    }
    log('error', 'settlement failed; will be retried', { ...fields, eventId: message.eventId, ...errorFields(error) });
    return false;
  }
}

/**
 * Settles the event again by its corrected outcome, then queues a late sweep of the correction: it
 * moves a bet that a settlement still running with the old outcome (a late sweep) settled meanwhile.
 */
async function correct(eventId: string, correction: number, sweep: boolean, signal: AbortSignal, fields: Record<string, unknown>): Promise<boolean> {
  const report = await correctEvent(eventId, { signal, sweep });
  // The hostel leaderboard counts bets won: they changed.
  await refreshStandings(eventId);
  if (!sweep) await fillFromGroup(eventId);
  if (!sweep) await poolFollowsResult(eventId);
  log('info', sweep ? 'correction swept' : 'event corrected', { ...fields, correctionQueued: correction, ...report });
  addMetadata('eventId', eventId);
  if (!sweep) await queueSettlement({ eventId, correction, sweep: true }, LATE_SWEEP_DELAY_SECONDS);
  return true;
}

/** Shares the tournament's pool by its current champion; false when it failed and should be delivered again. */
async function share(tournamentId: string, signal: AbortSignal, fields: Record<string, unknown>): Promise<boolean> {
  try {
    const startedAt = Date.now();
    const report = await sharePoolNow(tournamentId, { signal });
    log('info', 'pool shared', { ...fields, ...report, ms: Date.now() - startedAt });
    return true;
  } catch (error) {
    log('error', 'pool share failed; will be retried', { ...fields, tournamentId, ...errorFields(error) });
    return false;
  }
}
