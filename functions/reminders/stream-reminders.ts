// Betting reminders' share of the table stream (shared/routes.ts `streamHandlers.reminders`), run by the
// one stream consumer (functions/stream/handlers/table-stream.ts): an event created or re-timed gets its betting
// reminder scheduled (or moved), a deleted event's schedule is deleted; a bet placed records its bettor as one of the tournament's, to be
// reminded of its next matches. Nothing of this is in the operator's or the bettor's own request. Both are
// idempotent (the schedule is named after the event; a bettor is one item, put again unchanged), so a
// record delivered again does no harm. A batch's bettors are written 25 a request (BatchWriteItem), a few
// requests at once, each pair of tournament and bettor once (and not again while this instance remembers
// writing it), so a rush of bets on one event costs no write per bet.
import type { DynamoDBRecord } from 'aws-lambda';
import { errorFields, log } from '#functions/platform/logger.ts';
import { failuresOf, imagesOf } from '#functions/platform/stream.ts';
import type { BetRecord } from '#functions/data/bets.ts';
import type { EventRecord } from '#functions/data/events.ts';
import { BETTORS_PER_BATCH, recordTournamentBettors, scheduleReminder } from '#functions/reminders/reminders.ts';
import { tournamentsOf } from '#functions/data/event-tournaments.ts';
import { openedMatch, tellMatchOpened } from './match-opened.ts';

/** The start time a deleted event is scheduled by: long past, so scheduleReminder deletes its schedule. */
const DELETED = '1970-01-01T00:00Z';
/** Schedules created or moved at once (EventBridge Scheduler's API rate is per account). */
const SCHEDULES_AT_ONCE = 4;
/** BatchWriteItems of a batch's bettors in flight at once. */
const BATCHES_AT_ONCE = 4;

/**
 * The tournament bettors this instance recorded (`<tournamentId>|<userId>`), the most recent ones: a
 * hostel's bettors bet on match after match of a tournament, and each is one item, already there; a rush's
 * batches skip them rather than put each again while the rush's own requests crowd the table.
 */
const recorded = new Set<string>();
const RECORDED_REMEMBERED = 100_000;

export async function handleReminders(records: DynamoDBRecord[]): Promise<DynamoDBRecord[]> {
  // Per event, its latest start time, if a record of the batch set a new one; per (event, bettor), the bet inserts.
  const retimed = new Map<string, { event: EventRecord; records: DynamoDBRecord[] }>();
  const bettors = new Map<string, { eventId: string; userId: string; records: DynamoDBRecord[] }>();
  const opened: { event: EventRecord; record: DynamoDBRecord }[] = [];
  for (const record of records) {
    const match = openedMatch(record);
    if (match) opened.push({ event: match, record });
    const { before, after } = imagesOf(record);
    if (!after && before?.entity === 'event') {
      // A deleted event (its item's last change, superseding any before it) is one whose reminder time has passed: its schedule goes.
      retimed.set(before.id as string, { event: { ...(before as unknown as EventRecord), time: DELETED }, records: [record] });
    } else if (after?.entity === 'event') {
      const event = after as unknown as EventRecord;
      const seen = retimed.get(event.id);
      if (seen) retimed.set(event.id, { event, records: [...seen.records, record] });
      else if ((before as EventRecord | undefined)?.time !== event.time) retimed.set(event.id, { event, records: [record] });
    } else if (after?.entity === 'bet' && !before) {
      const bet = after as unknown as BetRecord;
      const key = `${bet.eventId}|${bet.userId}`;
      const seen = bettors.get(key);
      if (seen) seen.records.push(record);
      else bettors.set(key, { eventId: bet.eventId, userId: bet.userId, records: [record] });
    }
  }

  const failedSchedules = failuresOf(
    [...retimed.values()],
    SCHEDULES_AT_ONCE,
    'reminder scheduling failed; its records will be delivered again',
    async ({ event }) => {
      const outcome = await scheduleReminder(event);
      log('info', 'betting reminder scheduled', { eventId: event.id, time: event.time, outcome });
    },
    ({ event }) => ({ eventId: event.id }),
  );
  const failedBettors = (async () => {
    if (!bettors.size) return [];
    let tournamentOf: Map<string, string>;
    try {
      tournamentOf = await tournamentsOf([...bettors.values()].map((b) => b.eventId));
    } catch (error) {
      log('error', "reading the bets' events failed; their records will be delivered again", errorFields(error));
      return [...bettors.values()];
    }
    // Each tournament's bettor once, however many of its events the batch's bets are on.
    const pairs = new Map<string, { tournamentId: string; userId: string; records: DynamoDBRecord[] }>();
    for (const { eventId, userId, records: of } of bettors.values()) {
      const tournamentId = tournamentOf.get(eventId);
      if (!tournamentId) continue; // no such event (any more)
      const key = `${tournamentId}|${userId}`;
      if (recorded.has(key)) continue;
      const pair = pairs.get(key);
      if (pair) pair.records.push(...of);
      else pairs.set(key, { tournamentId, userId, records: [...of] });
    }
    const all = [...pairs.values()];
    const chunks = Array.from({ length: Math.ceil(all.length / BETTORS_PER_BATCH) }, (_, i) => all.slice(i * BETTORS_PER_BATCH, (i + 1) * BETTORS_PER_BATCH));
    const failed = await failuresOf(
      chunks,
      BATCHES_AT_ONCE,
      "recording a tournament's bettors failed; their records will be delivered again",
      async (chunk) => {
        await recordTournamentBettors(chunk);
        for (const { tournamentId, userId } of chunk) recorded.add(`${tournamentId}|${userId}`);
        while (recorded.size > RECORDED_REMEMBERED) recorded.delete(recorded.values().next().value!);
      },
      (chunk) => ({ bettors: chunk.length, tournamentIds: [...new Set(chunk.map((b) => b.tournamentId))] }),
    );
    return failed.flat();
  })();
  const failedOpenings = failuresOf(
    opened,
    SCHEDULES_AT_ONCE,
    "telling a tournament's bettors that its next match opened failed; its record will be delivered again",
    async ({ event, record }) => {
      const told = await tellMatchOpened(event, record);
      log('info', 'next match opened: bettors told', { eventId: event.id, told });
    },
    ({ event }) => ({ eventId: event.id }),
  );
  return [...(await failedSchedules), ...(await failedBettors), ...(await failedOpenings).map(({ record }) => ({ records: [record] }))].flatMap((failed) => failed.records);
}
