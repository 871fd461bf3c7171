// The Web Push sender (a table stream consumer, shared/routes.ts `streamConsumers`): every notification
// stored (bet won, lost or refunded, prize, withdrawal paid or rejected, welcome…) is pushed to each of its
// user's devices, so no bet or API function does any of it. It also drops the push subscriptions of a
// session that ended (the session item removed: logout, password change or reset, a revoked family, TTL
// expiry). A device that fails is logged, not retried (the notice is in the inbox); a record fails, and
// its batch is retried from it, only when reading the table fails.
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { errorFields, log, startInvocation } from '#functions/lib/logger.ts';
import { imagesOf, recordId } from '#functions/lib/stream.ts';
import type { NotificationRecord } from '#functions/data/notifications.ts';
import type { SessionRecord } from '#functions/data/sessions.ts';
import { dropSessionSubscriptions } from '#functions/domain/push.ts';
import { pushToUser } from '#functions/domain/push-delivery.ts';
import { NOTICE_PUSH, noticePayload } from '#functions/domain/push-notices.ts';

export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  const end = startInvocation(context, context.awsRequestId);
  try {
    for (const [index, record] of event.Records.entries()) {
      const { before, after } = imagesOf(record);
      try {
        if (after?.entity === 'notification') {
          const notice = after as unknown as NotificationRecord;
          const report = await pushToUser(notice.userId, noticePayload(notice), NOTICE_PUSH);
          log('info', 'notification pushed', { userId: notice.userId, causeId: notice.causeId, ...report });
        } else if (!after && before?.entity === 'session') {
          const session = before as unknown as SessionRecord;
          const dropped = await dropSessionSubscriptions(session.userId, session.sessionId);
          if (dropped) log('info', 'push subscriptions of an ended session dropped', { userId: session.userId, dropped });
        }
      } catch (error) {
        log('error', 'push sender failed on a record; retried from it', { sequenceNumber: recordId(record), ...errorFields(error) });
        return { batchItemFailures: event.Records.slice(index).map((r) => ({ itemIdentifier: recordId(r) })) };
      }
    }
    return { batchItemFailures: [] };
  } finally {
    end();
  }
}
