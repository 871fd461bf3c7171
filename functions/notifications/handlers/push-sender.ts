// The Web Push sender (a table stream consumer, shared/routes.ts `streamConsumers`): every notification
// stored (bet won, lost or refunded, prize, withdrawal paid or rejected, welcome…) is pushed to each of its
// user's devices, so no bet or API function does any of it. It also drops the push subscriptions of a
// session that ended (the session item removed: logout, password change or reset, a revoked family, TTL
// expiry). A batch's records are handled RECORDS_AT_ONCE at a time; each device's outcome is counted in
// the metrics (sent, dropped, failed). A device that fails is logged, not retried (the notice is in the
// inbox); a record fails, and its batch is retried from it, only when reading the table fails.
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { forEachLimit } from '#functions/platform/concurrency.ts';
import { errorFields, log, startInvocation } from '#functions/platform/logger.ts';
import { flushMetrics } from '#functions/platform/metrics.ts';
import { imagesOf, recordId } from '#functions/platform/stream.ts';
import type { NotificationRecord } from '#functions/data/notifications.ts';
import type { SessionRecord } from '#functions/data/sessions.ts';
import { dropSessionSubscriptions } from '#functions/notifications/push.ts';
import { pushToUser } from '#functions/notifications/push-delivery.ts';
import { NOTICE_PUSH, noticePayload } from '#functions/notifications/push-notices.ts';

/** Records handled at once: a batch's pushes go out together, not one push service round trip after another. */
const RECORDS_AT_ONCE = 10;

async function handleRecord(record: DynamoDBRecord): Promise<void> {
  const { before, after } = imagesOf(record);
  if (after?.entity === 'notification') {
    const notice = after as unknown as NotificationRecord;
    const report = await pushToUser(notice.userId, noticePayload(notice), NOTICE_PUSH);
    log('info', 'notification pushed', { userId: notice.userId, causeId: notice.causeId, ...report });
  } else if (!after && before?.entity === 'session') {
    const session = before as unknown as SessionRecord;
    const dropped = await dropSessionSubscriptions(session.userId, session.sessionId);
    if (dropped) log('info', 'push subscriptions of an ended session dropped', { userId: session.userId, dropped });
  }
}

export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  const end = startInvocation(context, context.awsRequestId);
  try {
    // After a failure no further record starts; those in flight finish (pushed again when the batch is retried from the failure).
    let firstFailure: number | undefined;
    await forEachLimit([...event.Records.keys()], RECORDS_AT_ONCE, async (index) => {
      if (firstFailure !== undefined && firstFailure < index) return;
      try {
        await handleRecord(event.Records[index]);
      } catch (error) {
        log('error', 'push sender failed on a record; retried from it', { sequenceNumber: recordId(event.Records[index]), ...errorFields(error) });
        firstFailure = Math.min(firstFailure ?? index, index);
      }
    });
    return { batchItemFailures: firstFailure === undefined ? [] : event.Records.slice(firstFailure).map((r) => ({ itemIdentifier: recordId(r) })) };
  } finally {
    flushMetrics();
    end();
  }
}
