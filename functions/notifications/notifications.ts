// Notifications: what each money change tells its user (written in the change's own transaction),
// the user's list and unread count, and the push to every open WebSocket of that user.
import type { NotificationFilter, NotificationGroup, NotificationPush, ReadAllResult, UserNotification } from '#shared/api.ts';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_READ_ALL_BATCH } from '#shared/constants.ts';
import { formatDate } from '#shared/format.ts';
import type { TaskPool } from '#functions/platform/concurrency.ts';
import { type Item, type TransactItem, transactWrite, transactWriteUnless } from '#functions/platform/dynamodb.ts';
import { errorFields, log } from '#functions/platform/logger.ts';
import { postToConnection } from '#functions/platform/ws-push.ts';
import * as connections from '#functions/data/connections.ts';
import { payoutEntryId, prizeEntryId, refundEntryId, WELCOME_ENTRY_ID, withdrawalRefundEntryId } from '#functions/data/ledger.ts';
import * as notifications from '#functions/data/notifications.ts';
import { liveConnections } from './connections.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { formatRupees } from '#shared/money.ts';

export type Notice = notifications.NewNotification;

/**
 * The notices, one per cause. The cause id repeats the change's ledger entry id where there is one;
 * the change's own condition (that entry, the bet's or withdrawal's state) keeps a retry from
 * writing a notice twice.
 */
export const notices = {
  welcome: (userId: string, coins: number, createdAt: string): Notice => ({
    userId,
    causeId: WELCOME_ENTRY_ID,
    subject: 'Welcome bonus',
    description: `${coins} coins were added to your wallet. Good luck!`,
    createdAt,
  }),
  betWon: (userId: string, eventId: string, teamName: string, payout: number, createdAt: string): Notice => ({
    userId,
    causeId: payoutEntryId(eventId),
    subject: 'You won your bet!',
    description: `${teamName} won. ${payout} coins were added to your wallet.`,
    createdAt,
  }),
  betLost: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: `lost#${eventId}`,
    subject: 'Bet lost',
    description: `${teamName} did not win; your ${stake} coins bet is lost. Better luck next time!`,
    createdAt,
  }),
  eventVoided: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Event cancelled: stake refunded',
    description: `The event of your bet on ${teamName} was voided. Your ${stake} coins were refunded.`,
    createdAt,
  }),
  lateBetRefunded: (userId: string, eventId: string, teamName: string, stake: number, createdAt: string): Notice => ({
    userId,
    causeId: refundEntryId(eventId),
    subject: 'Bet refunded: betting had closed',
    description: `Betting closed as your bet on ${teamName} arrived, so it was not placed. Your ${stake} coins were refunded.`,
    createdAt,
  }),
  prizeCredited: (userId: string, creditId: string, amounts: { coins: number; cashPaise: number }, reason: string, createdAt: string): Notice => ({
    userId,
    causeId: prizeEntryId(creditId),
    subject: 'Prize credited',
    description: `${[amounts.cashPaise > 0 && formatRupees(amounts.cashPaise), amounts.coins > 0 && `${amounts.coins} coins`].filter(Boolean).join(' and ')} credited to your wallet: ${reason}`,
    createdAt,
  }),
  withdrawalPaid: (userId: string, withdrawalId: string, amountPaise: number, upiId: string, reference: string, createdAt: string): Notice => ({
    userId,
    causeId: `withdrawal-paid#${withdrawalId}`,
    subject: 'Withdrawal paid',
    description: `${formatRupees(amountPaise)} was sent to ${upiId}. Payment reference: ${reference}`,
    createdAt,
  }),
  withdrawalRejected: (userId: string, withdrawalId: string, amountPaise: number, reason: string, createdAt: string): Notice => ({
    userId,
    causeId: withdrawalRefundEntryId(withdrawalId),
    subject: 'Withdrawal rejected',
    description: `${formatRupees(amountPaise)} was returned to your wallet. Reason: ${reason}`,
    createdAt,
  }),
};

const publicNotification = (notification: notifications.NotificationRecord): UserNotification => ({
  _id: notifications.notificationId(notification),
  createdAt: notification.createdAt,
  subject: notification.subject,
  description: notification.description,
  isReaded: notification.isReaded,
});

export interface CommitOptions {
  /** Pushes the notices through this pool, so a batch (settlement) does not wait for them. */
  pushes?: TaskPool;
  /** Runs before each retry of a transaction that lost a race; it may end them by throwing (lib/dynamodb.ts transactWriteUnless). */
  beforeRetry?: () => Promise<void>;
}

/**
 * Commits `items` and the notices in ONE TransactWrite (the notices' items last, so the indexes of
 * `items` still read the cancellation reasons), then pushes them: at once, or through `pushes`.
 */
export async function commitNotifying(items: TransactItem[], notices: Notice[], { pushes, beforeRetry }: CommitOptions = {}): Promise<void> {
  const all = [...items, ...notices.flatMap(notifications.newNotificationItems)];
  await (beforeRetry ? transactWriteUnless(all, beforeRetry) : transactWrite(all));
  if (pushes) notices.forEach((notice) => pushes.add(() => push(notice)));
  else await Promise.all(notices.map(push));
}

/**
 * Sends the notice to each open connection of its user whose session is still open (a socket of an
 * ended session is closed instead). Never throws: the change is committed already.
 */
async function push(notice: Notice): Promise<void> {
  const message: NotificationPush = { event: 'notification', data: publicNotification({ ...notice, isReaded: false }) };
  try {
    await Promise.all(
      (await liveConnections(notice.userId)).map(async (connection) => {
        if ((await postToConnection(connection.connectionId, JSON.stringify(message))) === 'gone') {
          await connections.deleteConnection(connection);
        }
      }),
    );
  } catch (error) {
    log('warn', 'notification push failed', { userId: notice.userId, causeId: notice.causeId, ...errorFields(error) });
  }
}

/**
 * The user's latest notifications (or unread ones), grouped by UTC day, newest first. The server knows
 * no device's zone: the web app regroups them by the day in the device's zone.
 */
export async function listNotificationGroups(userId: string, filter: NotificationFilter): Promise<NotificationGroup[]> {
  const list = await notifications.listNotifications(userId, filter === 'unreads', NOTIFICATION_LIST_LIMIT);
  const groups: NotificationGroup[] = [];
  for (const notification of list) {
    const date = formatDate(notification.createdAt, 'UTC');
    if (groups.at(-1)?.date !== date) groups.push({ date, notifications: [] });
    groups.at(-1)!.notifications.push(publicNotification(notification));
  }
  return groups;
}

/** Marks one of the caller's own notifications read (again is fine); 404 for any other id. */
export async function markNotificationRead(userId: string, id: string): Promise<UserNotification> {
  const notification = await notifications.markNotificationRead(userId, id);
  if (!notification) throw new DomainError('notification-not-found');
  return publicNotification(notification);
}

/** At most this many pages per call, well inside the function's timeout; the answer's `unread` says whether to call again. */
const READ_ALL_MAX_PAGES = 20;

/**
 * Marks the caller's unread notifications read, page by page through the unread index (each page one
 * transaction that also counts them off), so any number is safe: a call marks at most
 * READ_ALL_MAX_PAGES pages, and calling again (or twice at once) marks each notification once.
 */
export async function markAllNotificationsRead(userId: string): Promise<ReadAllResult> {
  let marked = 0;
  let startKey: Item | undefined;
  for (let page = 0; page < READ_ALL_MAX_PAGES; page++) {
    const { keys, nextKey } = await notifications.unreadPage(userId, NOTIFICATION_READ_ALL_BATCH, startKey);
    marked += await notifications.markPageRead(userId, keys);
    if (!nextKey) break;
    startKey = nextKey;
  }
  return { marked, unread: await notifications.getUnreadCount(userId) };
}

export const unreadCount = notifications.getUnreadCount;
