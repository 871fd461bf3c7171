// What a stored notification becomes as a Web Push: the notification's own subject and text, the screen a
// tap opens (by what caused it), and its cause as the tag, so a notice sent twice shows once.
import type { PushPayload } from '#shared/push.ts';
import type { NotificationRecord } from '#functions/data/notifications.ts';
import type { PushOptions } from './web-push-delivery.ts';

/** Notifications wait a day for a phone that is off; an older result is in the inbox anyway. */
export const NOTICE_PUSH: PushOptions = { ttlSeconds: 24 * 60 * 60, urgency: 'normal' };

/** The screen that shows what the notice is about, by the cause id's kind (functions/notifications/notice-texts.ts). */
function screenOf(notification: Pick<NotificationRecord, 'userId' | 'causeId'>): string {
  const kind = notification.causeId.split('#')[0];
  if (kind === 'welcome') return '/home';
  if (['payout', 'lost', 'refund'].includes(kind)) return `/profile/${encodeURIComponent(notification.userId)}`;
  if (['prize', 'prize-reversal', 'withdrawal-paid', 'withdrawal-refund', 'allowance'].includes(kind)) return '/wallet';
  // To an operator: the requests waiting to be paid.
  if (kind === 'withdrawal-request') return '/operator/withdrawals?status=pending';
  return '/notification';
}

export function noticePayload(notification: Pick<NotificationRecord, 'userId' | 'causeId' | 'subject' | 'description'>): PushPayload {
  return { title: notification.subject, body: notification.description, url: screenOf(notification), tag: notification.causeId };
}
