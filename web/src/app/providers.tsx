import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../lib/session/session-context.tsx';

// Toasts are not needed for the first paint: their library loads right after it.
const Toaster = lazy(() => import('../lib/toaster.tsx'));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ errorRetryCount: 2 }}>
      <SessionProvider>
        <BrowserRouter>{children}</BrowserRouter>
      </SessionProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </SWRConfig>
  );
}
