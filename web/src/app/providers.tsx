import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SessionProvider, useSession } from '../lib/session/session-context.tsx';
import { whenToasterWanted } from '../lib/toast.ts';

// Toasts are not needed to show a page: their library (notistack, whose start-up was the longest task
// after the first paint in Lighthouse's mobile runs, docs/benchmarks.md) loads at the first toast, or at
// the first interaction, which comes before most toasts.
const Toaster = lazy(() => import('../lib/toaster.tsx'));
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

function ToasterWhenWanted() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    void whenToasterWanted().then(want);
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, { capture: true, once: true, passive: true });
    return () => FIRST_INTERACTION.forEach((type) => window.removeEventListener(type, want, { capture: true }));
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

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

// The service worker, the update prompt and the offline bar wait for the load event: none of them is
// needed for the first render (an offline reload loads from the worker's cache at once).
const AppStatus = lazy(() => import('./app-status.tsx'));

function AppStatusAfterLoad() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const markLoaded = () => setLoaded(true);
    // The load event may have passed between the first render and this effect.
    if (document.readyState === 'complete') return markLoaded();
    window.addEventListener('load', markLoaded, { once: true });
    return () => window.removeEventListener('load', markLoaded);
  }, []);
  return loaded ? (
    <Suspense fallback={null}>
      <AppStatus />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ errorRetryCount: 2 }}>
      <SessionProvider>
        <BrowserRouter>{children}</BrowserRouter>
        <LiveNotificationsWhileSignedIn />
      </SessionProvider>
      <ToasterWhenWanted />
      <AppStatusAfterLoad />
    </SWRConfig>
  );
}
