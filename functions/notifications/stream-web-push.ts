// Web Push's share of the table stream (shared/routes.ts `streamHandlers.push`), run by the one stream
// consumer (functions/stream/handlers/table-stream.ts): every notification stored (bet won, lost or refunded,
// prize, withdrawal paid or rejected, welcome…) is pushed to each of its user's devices, so no bet or API
// function does any of it. It also drops the push subscriptions of a session that ended (the session item
// removed: logout, password change or reset, a revoked family, TTL expiry). A batch's records are handled
// RECORDS_AT_ONCE at a time; each device's outcome is counted in the metrics (sent, dropped, failed). A
// device that fails is logged, not retried (the notice is in the inbox); a record fails, and is delivered
// again, only when reading the table fails. Every record is tried whatever fails before it, so records a
// failure holds up are not lost if the stream gives up on it; one delivered again after it was pushed is
// skipped by the consumer when the same instance did it (else pushed again, under the same tag).
import type { DynamoDBRecord } from 'aws-lambda';
import { log } from '#functions/platform/logger.ts';
import { failuresOf, imagesOf, recordId } from '#functions/platform/stream.ts';
import type { NotificationRecord } from '#functions/data/notifications.ts';
import type { SessionRecord } from '#functions/data/sessions.ts';
import { dropSessionSubscriptions } from '#functions/notifications/web-push-subscriptions.ts';
import { pushToUser } from '#functions/notifications/web-push-delivery.ts';
import { NOTICE_PUSH, noticePayload } from '#functions/notifications/web-push-notices.ts';

/** Records handled at once: a batch's pushes go out together, not one push service round trip after another. */
const RECORDS_AT_ONCE = 25;

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

export const handlePush = (records: DynamoDBRecord[]): Promise<DynamoDBRecord[]> =>
  failuresOf(records, RECORDS_AT_ONCE, 'push sender failed on a record; it will be delivered again', handleRecord, (record) => ({ sequenceNumber: recordId(record) }));
