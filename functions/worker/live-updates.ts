// The live-cards stream worker (shared/routes.ts `streamConsumers`): fed by the table's stream with bet
// inserts and changes and event inserts and changes. An event change a card shows (pause, reopen, new
// time, result, void, a new event) is broadcast to the tournament's watchers at once, before anything
// else in the batch; bets move the crowd split, one write per event per batch, broadcast coalesced.
// A batch that fails is delivered again; the split counts each batch once (its records' digest).
import { createHash } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { errorFields, log, startInvocation } from '#functions/lib/logger.ts';
import { flushMetrics } from '#functions/lib/metrics.ts';
import type { BetRecord } from '#functions/data/bets.ts';
import type { EventRecord } from '#functions/data/events.ts';
import { applyCrowdChanges, broadcastEventState, changesCard, type CrowdChanges } from '#functions/domain/live.ts';

type Image = Record<string, unknown> & { entity?: string };

const image = (raw: unknown): Image | undefined => (raw ? (unmarshall(raw as Record<string, AttributeValue>) as Image) : undefined);

/** A bet placed counts its bettor for the team; one refunded (refused at arrival, or voided) no longer does. */
function bettorChange(before: Image | undefined, after: Image): number {
  const bet = after as unknown as BetRecord;
  if (!before) return bet.status === 'refunded' ? 0 : 1;
  return (before as unknown as BetRecord).status !== 'refunded' && bet.status === 'refunded' ? -1 : 0;
}

/** What the batch changed: the events whose cards change, and the bettors per event and team. */
export function readBatch(records: DynamoDBRecord[]): { changedEvents: Map<string, EventRecord>; crowd: CrowdChanges } {
  const changedEvents = new Map<string, EventRecord>();
  const crowd: CrowdChanges = new Map();
  const counted = new Map<string, string[]>(); // per event, the stream ids of the records counted
  for (const record of records) {
    const before = image(record.dynamodb?.OldImage);
    const after = image(record.dynamodb?.NewImage);
    if (!after) continue;
    if (after.entity === 'event') {
      const event = after as unknown as EventRecord;
      if (changesCard(before as unknown as EventRecord | undefined, event)) changedEvents.set(event.id, event);
    } else if (after.entity === 'bet') {
      const delta = bettorChange(before, after);
      if (delta === 0) continue;
      const { eventId, teamId } = after as unknown as BetRecord;
      const counts = crowd.get(eventId)?.counts ?? {};
      counts[teamId] = (counts[teamId] ?? 0) + delta;
      const ids = [...(counted.get(eventId) ?? []), record.eventID ?? `${record.dynamodb?.SequenceNumber}`];
      counted.set(eventId, ids);
      crowd.set(eventId, { counts, digest: createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 16) });
    }
  }
  return { changedEvents, crowd };
}

export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  const end = startInvocation(context, context.awsRequestId);
  try {
    const { changedEvents, crowd } = readBatch(event.Records);
    for (const changed of changedEvents.values()) {
      const report = await broadcastEventState(changed);
      log('info', 'event change broadcast', { eventId: changed.id, ...report });
    }
    if (crowd.size > 0) await applyCrowdChanges(crowd);
    return { batchItemFailures: [] };
  } catch (error) {
    // Delivered again: a state broadcast repeated changes no card, and a batch already counted is not counted again.
    log('error', 'live updates failed; the batch will be retried', errorFields(error));
    throw error;
  } finally {
    flushMetrics();
    end();
  }
}
