// The reminders stream consumer (shared/routes.ts `streamConsumers`): an event created or re-timed gets its
// betting reminder scheduled (or moved); a bet placed records its bettor as one of the tournament's, to be
// reminded of its next matches. Nothing of this is in the operator's or the bettor's own request.
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { errorFields, log, startInvocation } from '#functions/platform/logger.ts';
import { imagesOf, recordId } from '#functions/platform/stream.ts';
import type { BetRecord } from '#functions/data/bets.ts';
import { getEvent, type EventRecord } from '#functions/data/events.ts';
import { recordTournamentBettor, scheduleReminder } from '#functions/reminders/reminders.ts';

export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  const end = startInvocation(context, context.awsRequestId);
  const tournamentOf = new Map<string, Promise<string | undefined>>();
  try {
    for (const [index, record] of event.Records.entries()) {
      const { before, after } = imagesOf(record);
      try {
        if (after?.entity === 'event') {
          const changed = after as unknown as EventRecord;
          if ((before as EventRecord | undefined)?.time === changed.time) continue; // not a new start time
          const outcome = await scheduleReminder(changed);
          log('info', 'betting reminder scheduled', { eventId: changed.id, time: changed.time, outcome });
        } else if (after?.entity === 'bet' && !before) {
          const bet = after as unknown as BetRecord;
          if (!tournamentOf.has(bet.eventId)) tournamentOf.set(bet.eventId, getEvent(bet.eventId).then((e) => e?.tournamentId));
          const tournamentId = await tournamentOf.get(bet.eventId);
          if (tournamentId) await recordTournamentBettor(tournamentId, bet.userId);
        }
      } catch (error) {
        log('error', 'reminder scheduling failed on a record; retried from it', { sequenceNumber: recordId(record), ...errorFields(error) });
        return { batchItemFailures: event.Records.slice(index).map((r) => ({ itemIdentifier: recordId(r) })) };
      }
    }
    return { batchItemFailures: [] };
  } finally {
    end();
  }
}
