// The live match cards' share of the table stream (shared/routes.ts `streamHandlers.liveCards`: event
// inserts and changes), run by the one stream consumer (functions/stream/handlers/table-stream.ts). An event change
// a card shows (pause, reopen, new time, result, void, a new event) is broadcast to the tournament's
// watchers at once. Nothing in the consumer waits out a window (the crowd split's trailing broadcasts go
// through a queue), so an event change is never held behind one. A broadcast repeated changes no card.
import type { DynamoDBRecord } from 'aws-lambda';
import { log } from '#functions/platform/logger.ts';
import { failuresOf, imagesOf } from '#functions/platform/stream.ts';
import type { EventRecord } from '#functions/data/events.ts';
import { broadcastEventState, changesCard } from '#functions/live/live.ts';

/** Events of one batch broadcast at once. */
const EVENTS_AT_ONCE = 8;

/** The events whose cards the batch changes, each in its latest state, with the records that changed it. */
export function readChangedEvents(records: readonly DynamoDBRecord[]): Map<string, { event: EventRecord; records: DynamoDBRecord[] }> {
  const changed = new Map<string, { event: EventRecord; records: DynamoDBRecord[] }>();
  for (const record of records) {
    const { before, after } = imagesOf(record);
    if (after?.entity !== 'event') continue;
    const event = after as unknown as EventRecord;
    if (!changesCard(before as unknown as EventRecord | undefined, event)) continue;
    changed.set(event.id, { event, records: [...(changed.get(event.id)?.records ?? []), record] });
  }
  return changed;
}

export async function handleLiveCards(records: DynamoDBRecord[]): Promise<DynamoDBRecord[]> {
  const failed = await failuresOf(
    [...readChangedEvents(records).values()],
    EVENTS_AT_ONCE,
    'event change broadcast failed; its records will be delivered again',
    async ({ event }) => {
      const report = await broadcastEventState(event);
      log('info', 'event change broadcast', { eventId: event.id, ...report });
    },
    ({ event }) => ({ eventId: event.id }),
  );
  return failed.flatMap(({ records: of }) => of);
}
