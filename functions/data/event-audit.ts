// The audit trail of an event: one item per organiser or operator action on it, written in the same
// transaction as the change. Never written by bets (the hot-event rule: no item every bet writes).
// Access patterns:
//   record an action                 -> Put  pk=EVENT#<eventId>  sk=AUDIT#<at>#<auditId>  attribute_not_exists, in the change's
//                                       TransactWrite; a change made once (creation, result, n-th correction) has a
//                                       fixed auditId (`created`, `result`, `corrected-<n>`), others a random one
//   an event's history, oldest first -> Query pk=EVENT#<eventId>, begins_with(sk, 'AUDIT#')
import { randomUUID } from 'node:crypto';
import { queryAll, recordOf, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import type { EventAuditAction } from '#shared/api.ts';
import { eventPk } from './keys.ts';

export interface EventAuditRecord {
  eventId: string;
  action: EventAuditAction;
  /** Who did it: the user id, and the name it had then. */
  actorId: string;
  actorName: string;
  at: string;
  /** What changed, in words (the new time, the winning team's id, ...). */
  detail?: string;
}

const AUDIT = 'AUDIT#';

/**
 * The Put of one audit entry, for the transaction that makes the change. `auditId` names a change that
 * happens once, so writing its entry twice is refused rather than recorded twice.
 */
export function eventAuditItem(entry: EventAuditRecord, auditId: string = randomUUID()): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { pk: eventPk(entry.eventId), sk: `${AUDIT}${entry.at}#${auditId}`, entity: 'event-audit', ...entry },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function listEventAudit(eventId: string): Promise<EventAuditRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :event AND begins_with(sk, :audit)',
    ExpressionAttributeValues: { ':event': eventPk(eventId), ':audit': AUDIT },
    ConsistentRead: true,
  });
  return items.map((item) => recordOf<EventAuditRecord>(item));
}
