// The live-cards stream worker (shared/routes.ts `streamConsumers`, LiveCards): fed by the table's stream
// with event inserts and changes. An event change a card shows (pause, reopen, new time, result, void, a
// new event) is broadcast to the tournament's watchers at once. Bets are another consumer's
// (worker/live-crowd.ts), whose coalescing waits must never hold an event change back.
// A batch that fails is delivered again; a state broadcast repeated changes no card.
import type { DynamoDBRecord } from 'aws-lambda';
import { log } from '#functions/platform/logger.ts';
import { imagesOf, wholeBatchHandler } from '#functions/platform/stream.ts';
import type { EventRecord } from '#functions/data/events.ts';
import { broadcastEventState, changesCard } from '#functions/live/live.ts';

/** The events whose cards the batch changes, each in its latest state. */
export function readChangedEvents(records: DynamoDBRecord[]): Map<string, EventRecord> {
  const changedEvents = new Map<string, EventRecord>();
  for (const record of records) {
    const { before, after } = imagesOf(record);
    if (after?.entity !== 'event') continue;
    const event = after as unknown as EventRecord;
    if (changesCard(before as unknown as EventRecord | undefined, event)) changedEvents.set(event.id, event);
  }
  return changedEvents;
}

export const handler = wholeBatchHandler('live updates failed; the batch will be retried', async (records) => {
  for (const changed of readChangedEvents(records).values()) {
    const report = await broadcastEventState(changed);
    log('info', 'event change broadcast', { eventId: changed.id, ...report });
  }
});
