// A referee's result (catalog/scorer-links.ts) waits, as 'Result pending', for one of three things: an
// organiser confirms it (it becomes the result, audited as confirmed), disputes it (it no longer stands
// by itself: the organisers decide, with their own result), or the tournament's minutes pass with no
// dispute, when its one-time schedule confirms it in the name of the link that sent it. Standings,
// advancing and settlement follow only the result that stands. docs/architecture.md, "Scorer links".
import type { AdminEvent, EventResult } from '#shared/api.ts';
import { transactWrite } from '#functions/platform/dynamodb.ts';
import * as events from '#functions/data/events.ts';
import { eventAuditItem } from '#functions/data/event-audit.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { adminEvent } from '#functions/catalog/edits.ts';
import { auditEntries } from '#functions/catalog/event-audit.ts';
import { type Actor, authoriseEvent } from '#functions/catalog/organisers.ts';
import { decideEvent, decideWithAudit } from './results.ts';

/** The referee's result still waiting on the event, or 409. */
function waitingOn(event: events.EventRecord): events.ProvisionalRecord {
  if (!event.provisional || event.decidedAt) throw new DomainError('no-provisional-result');
  return event.provisional;
}

/** POST /admin/events/{id}/provisional/confirm: the referee's result becomes the result (a disputed one too). */
export async function confirmProvisional(eventId: string, actor: Actor): Promise<EventResult> {
  const waiting = waitingOn(await authoriseEvent(actor, eventId));
  return decideEvent(eventId, waiting.outcome, actor, `confirmed: sent by ${waiting.by}`);
}

/** POST /admin/events/{id}/provisional/dispute: the referee's result no longer stands by itself; the organisers decide. */
export async function disputeProvisional(eventId: string, actor: Actor, now = new Date()): Promise<AdminEvent> {
  const waiting = waitingOn(await authoriseEvent(actor, eventId));
  if (!waiting.disputed) {
    await transactWrite([
      events.disputeProvisionalItem(eventId, waiting.at),
      ...(await auditEntries(actor, eventId, [{ action: 'result-disputed', detail: `sent by ${waiting.by}` }], now)),
    ]).catch(async (error: unknown) => {
      // Decided or sent again meanwhile: say what it is now.
      const again = await events.getEvent(eventId, true);
      if (again?.decidedAt || again?.provisional?.at !== waiting.at) throw new DomainError('event-changed');
      throw error;
    });
  }
  return adminEvent((await events.getEvent(eventId, true))!);
}

/**
 * The schedule's run at a referee's result's time: confirms it if it is still the one sent `at`, undisputed
 * and undecided; anything else (confirmed, disputed, replaced, decided by an organiser) changes nothing.
 * Safe to run twice. True when it confirmed the result (the caller queues its settlement).
 */
export async function confirmIfUndisputed(eventId: string, at: string, now = new Date()): Promise<boolean> {
  const event = await events.getEvent(eventId, true);
  const waiting = event?.provisional;
  if (!event || !waiting || waiting.at !== at || waiting.disputed || event.decidedAt) return false;
  if (Date.parse(waiting.confirmsAt) > now.getTime()) return false;
  const who = { actorId: `scorer-link:${waiting.linkId}`, actorName: waiting.by };
  await decideWithAudit(
    event,
    waiting.outcome,
    now,
    ({ action, detail, onceAs }) => Promise.resolve([eventAuditItem({ eventId, action, ...who, at: now.toISOString(), ...(detail && { detail }) }, onceAs)]),
    'stood undisputed',
  );
  return true;
}
