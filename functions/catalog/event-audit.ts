// The audit trail of an event: who created, paused, reopened, re-timed, decided, voided or corrected it,
// and when. Each entry is written in the transaction that makes the change (auditEntries gives the items).
import type { EventAuditAction, EventAuditEntry } from '#shared/api.ts';
import type { TransactItem } from '#functions/platform/dynamodb.ts';
import { eventAuditItem, listEventAudit } from '#functions/data/event-audit.ts';
import { type Actor, auditActor, authoriseEvent } from './organisers.ts';

export interface AuditedAction {
  action: EventAuditAction;
  /** What changed, in words: the new time, the winning team's name, ... */
  detail?: string;
  /** The entry's fixed id when the change happens once (creation, the result, the n-th correction). */
  onceAs?: string;
}

/**
 * The audit items of actions on an event, to put in the transaction making the change. For other
 * changes of an event (a corrected result): `auditEntries(actor, eventId, [{ action: 'corrected', detail }])`.
 */
export async function auditEntries(actor: Actor, eventId: string, actions: AuditedAction[], at = new Date()): Promise<TransactItem[]> {
  const who = await auditActor(actor);
  return actions.map(({ action, detail, onceAs }) => eventAuditItem({ eventId, action, ...who, at: at.toISOString(), ...(detail && { detail }) }, onceAs));
}

/** GET /admin/events/{id}/audit: the event's history, oldest first, for its organisers and operators. */
export async function eventHistory(actor: Actor, eventId: string): Promise<EventAuditEntry[]> {
  await authoriseEvent(actor, eventId);
  return (await listEventAudit(eventId)).map(({ action, actorId, actorName, at, detail }) => ({ action, actorId, actorName, at, ...(detail && { detail }) }));
}
