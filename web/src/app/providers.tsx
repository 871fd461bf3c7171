import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SessionProvider, useSession } from '../lib/session/session-context.tsx';

// Toasts are not needed for the first paint: their library loads right after it.
const Toaster = lazy(() => import('../lib/toaster.tsx'));
// Only signed-in users get the live channel, so its code loads once the current user is known.
const LiveNotifications = lazy(() => import('../lib/realtime/live-notifications.tsx'));

/** The live channel runs while a user is signed in; it closes when the current user goes away (logout). */
function LiveNotificationsWhileSignedIn() {
  const { currentUser } = useSession();
  if (!currentUser) return null;
  return (
    <Suspense fallback={null}>
      <LiveNotifications userId={currentUser._id} />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ errorRetryCount: 2 }}>
      <SessionProvider>
        <BrowserRouter>{children}</BrowserRouter>
        <LiveNotificationsWhileSignedIn />
      </SessionProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </SWRConfig>
  );
}
