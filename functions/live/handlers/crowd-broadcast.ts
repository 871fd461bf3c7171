// The crowd broadcaster: fed by the crowd queue (SQS), one message per trailing broadcast a stream batch
// asked for when the event's 3 s window was taken (functions/live/live.ts broadcastCrowdSoon). Delayed
// by the window, it broadcasts the split as it stands then, unless a broadcast since carried it (then it
// does nothing). So the table stream's consumer never waits out a window, and the last bets of a rush still
// reach the watchers. A message that fails is reported back for SQS to deliver again.
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { errorFields, log, startInvocation } from '#functions/platform/logger.ts';
import { crowdBroadcastMessageSchema } from '#functions/platform/queue.ts';
import { broadcastTrailingCrowd } from '#functions/live/live.ts';

function parseMessage(body: string) {
  try {
    return crowdBroadcastMessageSchema.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}

export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchItemFailure[] = [];
  for (const record of event.Records) {
    const end = startInvocation(context, record.messageId);
    try {
      const message = parseMessage(record.body);
      if (!message) {
        log('error', 'crowd broadcast message dropped: not {eventId, due}', { messageId: record.messageId, body: record.body.slice(0, 200) });
        continue;
      }
      const outcome = await broadcastTrailingCrowd(message);
      log('info', 'trailing crowd broadcast', { eventId: message.eventId, outcome });
    } catch (error) {
      log('error', 'trailing crowd broadcast failed; delivered again', { messageId: record.messageId, ...errorFields(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    } finally {
      end();
    }
  }
  return { batchItemFailures };
}
