// The crowd broadcaster: fed by the crowd queue (SQS), one message per trailing broadcast a stream batch
// asked for when the event's 3 s window was taken (functions/live/live.ts broadcastCrowdSoon). Delayed
// by the window, it broadcasts the split as it stands then, unless a broadcast since carried it (then it
// does nothing). So the table stream's consumer never waits out a window, and the last bets of a rush still
// reach the watchers. A message that fails is reported back for SQS to deliver again.
import { errorFields, log } from '#functions/platform/logger.ts';
import { crowdBroadcastMessageSchema } from '#functions/live/crowd-queue.ts';
import { queueWorker, recordFields } from '#functions/platform/queue-worker.ts';
import { broadcastTrailingCrowd } from '#functions/live/live.ts';

export const handler = queueWorker(crowdBroadcastMessageSchema, () => async (message, record) => {
  try {
    const outcome = await broadcastTrailingCrowd(message);
    log('info', 'trailing crowd broadcast', { eventId: message.eventId, outcome });
    return true;
  } catch (error) {
    log('error', 'trailing crowd broadcast failed; delivered again', { ...recordFields(record), ...errorFields(error) });
    return false;
  }
});
