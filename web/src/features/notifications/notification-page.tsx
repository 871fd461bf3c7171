import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import type { NotificationFilter, UserNotification } from '#shared/api.ts';
import { NOTIFICATION_FILTERS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { formatTime, formatZoneName } from '#shared/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { BellIcon } from '../../components/icons.tsx';
import { Button } from '../../components/button.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { TabLinks } from '../../components/tab-links.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { useRefreshInbox } from '../../lib/notifications/refresh-inbox.ts';
import { notificationPath } from '../../lib/paths.ts';
import { queryChoice } from '../../lib/query-choice.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { PushSettings } from './push-settings.tsx';
import { markAllNotificationsRead } from './api/mark-all-read.ts';
import { markNotificationRead } from './api/mark-notification-read.ts';
import { useNotificationList } from './api/get-notification-list.ts';
import './notifications.css';

const filterLabels: Record<NotificationFilter, string> = { all: 'All', unreads: 'Unreads' };

function NotificationBody({ notification }: { notification: UserNotification }) {
  return (
    <>
      <time className="notification-time" dateTime={notification.createdAt}>
        {formatTime(notification.createdAt)}
      </time>
      <span className="notification-subject">{notification.subject}</span>
      <span className="notification-description">{notification.description}</span>
    </>
  );
}

/** Runs a change to the inbox, then re-reads the lists and the bell; busy meanwhile; a refusal shows its message. */
function useInboxChange(change: () => Promise<unknown>, onDone?: () => void) {
  const [busy, setBusy] = useState(false);
  const refreshInbox = useRefreshInbox();
  const run = async () => {
    setBusy(true);
    try {
      await change();
      await refreshInbox();
      onDone?.();
    } catch (failure) {
      const message = serverErrorMessage(failure, {});
      if (message) toast.error(message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** An unread notification is a button: a click marks it read, and it shows as read once the server agrees. */
function UnreadNotification({ notification }: { notification: UserNotification }) {
  const { busy: marking, run: markRead } = useInboxChange(() => markNotificationRead(notification._id));
  return (
    <button type="button" className="notification is-unread" onClick={() => void markRead()} disabled={marking} aria-busy={marking || undefined}>
      <span className="notification-dot" aria-hidden="true">
        {marking && <Spinner size={10} />}
      </span>
      <span className="visually-hidden">Unread: </span>
      <NotificationBody notification={notification} />
    </button>
  );
}

/** Shown while the bell counts unread notifications; the count (and the badge) drops to 0 once the server has marked them. */
function MarkAllRead() {
  const { currentUser } = useSession();
  const { busy, run: markAll } = useInboxChange(markAllNotificationsRead, () => toast.short.success(MSG.allNotificationsRead));
  if (!currentUser?.inboxCount) return null;
  return (
    <Button variant="secondary" className="mark-all-read" busy={busy} onClick={() => void markAll()}>
      Mark all as read
    </Button>
  );
}

function Inbox({ filter }: { filter: NotificationFilter }) {
  const groups = useNotificationList(filter);
  if (groups === null) return <SkeletonList label="Loading notifications" rows={5} />;
  if (groups.length === 0) {
    return (
      <div className="card">
        <EmptyState icon={<BellIcon size={28} />} title="No Notifications found">
          <p>{filter === 'unreads' ? "You're all caught up." : 'Results, payouts and prizes show up here.'}</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="notification-groups">
      {groups.map((group) => (
        <section key={group.date} className="card notification-group" aria-label={group.date}>
          <h2 className="notification-date">{group.date}</h2>
          <ul className="notification-list">
            {group.notifications.map((notification) => (
              <li key={notification._id}>
                {notification.isReaded ? (
                  <div className="notification">
                    <span className="notification-dot" aria-hidden="true" />
                    <NotificationBody notification={notification} />
                  </div>
                ) : (
                  <UnreadNotification notification={notification} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function NotificationPage() {
  const [params] = useSearchParams();
  const filter = queryChoice(NOTIFICATION_FILTERS, params.get('filter'));
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  if (!filter) return <Navigate to={notificationPath('all')} replace />;
  return (
    <div className="page page-narrow notification-page">
      <h1 className="page-title">Notifications</h1>
      <p className="page-subtitle">Tap an unread one to mark it read. Times are {zoneName}.</p>
      <div className="notification-toolbar">
        <TabLinks
          label="Notifications"
          tabs={NOTIFICATION_FILTERS.map((tab) => ({ to: notificationPath(tab), label: filterLabels[tab], isCurrent: tab === filter }))}
        />
        <MarkAllRead />
      </div>
      <PushSettings />
      <Inbox filter={filter} />
    </div>
  );
}
