// While a user is signed in: notifications pushed over the WebSocket show as toasts, count on the bell at
// once, and make every screen they affect re-read (wallet, bets, the inbox). Loaded lazily after sign-in.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { CurrentUser } from '#shared/api.ts';
import { myBetsKey } from '../game/get-my-bets.ts';
import { isNotificationListKey } from '../notifications/refresh-inbox.ts';
import { currentUserKey } from '../session/current-user.ts';
import { toast } from '../toast.ts';
import { useRefreshBalances } from '../wallet/refresh-balances.ts';
import { liveChannel } from './live-channel.ts';

/** A subject ends a sentence before its description: 'Draw: stake returned. The match of…', not one run-on line. */
const asSentence = (subject: string) => (/[.!?…]$/.test(subject.trim()) ? subject : `${subject}.`);

export default function LiveNotifications({ userId }: { userId: string }) {
  const { mutate } = useSWRConfig();
  const refreshBalances = useRefreshBalances();

  useEffect(() => {
    const refreshAll = () => Promise.all([refreshBalances(), mutate(isNotificationListKey), mutate(myBetsKey)]);
    liveChannel().setUser({
      userId,
      onNotification: (notification) => {
        // What happened, with what it means for the user: a win's toast says how much was won.
        toast.info(notification.description ? `${asSentence(notification.subject)} ${notification.description}` : notification.subject);
        // The bell counts it before the server is asked again; the re-read below then confirms the count.
        void mutate<CurrentUser>(currentUserKey, (user) => user && { ...user, inboxCount: user.inboxCount + 1 }, { revalidate: false });
        void refreshAll();
      },
      beforeReconnect: () => mutate(currentUserKey),
      onReconnected: () => void refreshAll(),
    });
    return () => liveChannel().setUser(null);
  }, [userId, mutate, refreshBalances]);

  return null;
}
