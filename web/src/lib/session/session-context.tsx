// The app-wide context of the spec: tab name, authentication status (null while unknown) and current user.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import type { CurrentUser } from '#shared/api.ts';
import { AUTH_STATUS_DELAY_MS } from '#shared/constants.ts';
import { setSessionEndedHandler } from '../api-client.ts';
import { forgetPrivateAnswers } from '../offline/connectivity.ts';
import { useCheckAuth } from './check-auth.ts';
import { currentUserKey, useCurrentUserQuery } from './current-user.ts';
import { rememberSignedIn } from './session-hint.ts';

export interface Session {
  /** null while unknown (the full-page loader shows), then true or false. */
  isAuthenticated: boolean | null;
  currentUser: CurrentUser | undefined;
  tabName: string | null;
  setTabName: (name: string | null) => void;
  /** After a login or email verification set the session cookies; call it in one transition with the navigation. */
  markAuthenticated: () => void;
  markLoggedOut: () => void;
  /** Re-reads the current user (after a profile change). */
  refreshCurrentUser: () => Promise<unknown>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { mutate } = useSWRConfig();
  const checked = useCheckAuth();
  // The first answer is revealed after a short delay so the loader does not flash (spec §4).
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (checked === undefined || delayPassed) return;
    // A transition: the whole app's first real render (layout and page) then yields to the browser
    // every few milliseconds instead of blocking the main thread in one long task.
    const timer = setTimeout(() => startTransition(() => setDelayPassed(true)), AUTH_STATUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [checked, delayPassed]);
  // A login, verification or failed refresh decides the status directly (a login sets it in one
  // transition with its navigation, so guards never see a half-updated state).
  const [decided, setDecided] = useState<boolean | null>(null);
  const isAuthenticated = decided ?? (delayPassed && checked !== undefined ? checked : null);

  const { data: currentUser } = useCurrentUserQuery(isAuthenticated === true);

  // The layout shows it (or the route's own title) in the header and the browser tab.
  const [tabName, setTabName] = useState<string | null>(null);

  const markLoggedOut = useCallback(() => {
    void rememberSignedIn(false);
    setDecided(false);
    void mutate(currentUserKey, undefined, { revalidate: false });
  }, [mutate]);

  const markAuthenticated = useCallback(() => {
    // A new session, perhaps another user's: no copy of an earlier session's answers may show.
    void forgetPrivateAnswers();
    void rememberSignedIn(true);
    setDecided(true);
    void mutate(currentUserKey);
  }, [mutate]);

  const refreshCurrentUser = useCallback(() => mutate(currentUserKey), [mutate]);

  useEffect(() => setSessionEndedHandler(markLoggedOut), [markLoggedOut]);

  const session = useMemo<Session>(
    () => ({ isAuthenticated, currentUser, tabName, setTabName, markAuthenticated, markLoggedOut, refreshCurrentUser }),
    [isAuthenticated, currentUser, tabName, markAuthenticated, markLoggedOut, refreshCurrentUser],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** Sets the tab (and navigation) title while the calling page is shown. */
export function useTabName(name: string) {
  const { setTabName } = useSession();
  useEffect(() => {
    setTabName(name);
    return () => setTabName(null);
  }, [name, setTabName]);
}

/** Renders its children only for a signed-in user (spec §6). */
export function SignedIn({ children }: { children: ReactNode }) {
  return useSession().isAuthenticated ? children : null;
}
