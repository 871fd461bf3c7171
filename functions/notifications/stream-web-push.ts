// Web Push's share of the table stream (shared/routes.ts `streamHandlers.push`), run by the one stream
// consumer (functions/stream/handlers/table-stream.ts): every notification stored (bet won, lost or refunded,
// prize, withdrawal paid or rejected, welcome…) is pushed to each of its user's devices, so no bet or API
// function does any of it. It also drops the push subscriptions of a session that ended (the session item
// removed: logout, password change or reset, a revoked family, TTL expiry). A batch's records are handled
// RECORDS_AT_ONCE at a time, after one batched read of which of the notices' users have a device at all
// (most have none, and then cost no Query); each device's outcome is counted in the metrics (sent, dropped, failed). A
// device that fails is logged, not retried (the notice is in the inbox); a record fails, and is delivered
// again, only when reading the table fails. Every record is tried whatever fails before it, so records a
// failure holds up are not lost if the stream gives up on it; one delivered again after it was pushed is
// skipped by the consumer when the same instance did it (else pushed again, under the same tag).
import type { DynamoDBRecord } from 'aws-lambda';
import { errorFields, log } from '#functions/platform/logger.ts';
import { failuresOf, imagesOf, recordId, type StreamImage } from '#functions/platform/stream.ts';
import type { NotificationRecord } from '#functions/data/notifications.ts';
import type { SessionRecord } from '#functions/data/sessions.ts';
import { dropSessionSubscriptions } from '#functions/notifications/web-push-subscriptions.ts';
import { pushToUser, usersWithDevices } from '#functions/notifications/web-push-delivery.ts';
import { NOTICE_PUSH, noticePayload } from '#functions/notifications/web-push-notices.ts';

/** Records handled at once: a batch's pushes go out together, not one push service round trip after another. */
const RECORDS_AT_ONCE = 25;

const noticeIn = (after: StreamImage | undefined): NotificationRecord | undefined => (after?.entity === 'notification' ? (after as unknown as NotificationRecord) : undefined);

/** `withDevices`: the batch's users known to have a device, read together; undefined when that read failed (each user is read then). */
async function handleRecord({ before, after }: ReturnType<typeof imagesOf>, withDevices: Set<string> | undefined): Promise<void> {
  const notice = noticeIn(after);
  if (notice) {
    if (withDevices && !withDevices.has(notice.userId)) return;
    const report = await pushToUser(notice.userId, noticePayload(notice), NOTICE_PUSH);
    log('info', 'notification pushed', { userId: notice.userId, causeId: notice.causeId, ...report });
  } else if (!after && before?.entity === 'session') {
    const session = before as unknown as SessionRecord;
    const dropped = await dropSessionSubscriptions(session.userId, session.sessionId);
    if (dropped) log('info', 'push subscriptions of an ended session dropped', { userId: session.userId, dropped });
  }
}

export async function handlePush(records: DynamoDBRecord[]): Promise<DynamoDBRecord[]> {
  // Each record's images unmarshalled once, for the device read and the record's own work.
  const images = new Map(records.map((record) => [record, imagesOf(record)]));
  const noticeUsers = records.flatMap((record) => noticeIn(images.get(record)?.after)?.userId ?? []);
  const withDevices = await usersWithDevices(noticeUsers).catch((error: unknown) => {
    log('warn', "reading the notices' users' device counts failed; reading each user's devices", errorFields(error));
    return undefined;
  });
  return failuresOf(records, RECORDS_AT_ONCE, 'push sender failed on a record; it will be delivered again', (record) => handleRecord(images.get(record) ?? imagesOf(record), withDevices), (record) => ({ sequenceNumber: recordId(record) }));
}
