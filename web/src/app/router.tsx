import { matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { LoadingBlock } from '../components/spinner.tsx';
import { FullPageLoader } from '../features/layout/full-page-loader.tsx';
import { Layout } from '../features/layout/layout.tsx';
import { useSession } from '../lib/session/session-context.tsx';
import { guardRedirect, operatorAccess } from './guard.ts';
import { appRoutes, NotFoundPage, screenTitle, type AppRoute } from './route-manifest.tsx';

function GuardedRoute({ route, isAuthenticated }: { route: AppRoute; isAuthenticated: boolean }) {
  const { currentUser } = useSession();
  if (route.access === 'operator-only' || route.access === 'console') {
    const access = operatorAccess(isAuthenticated, currentUser, route.access);
    if (access === 'wait') return <LoadingBlock />;
    if (access === 'not-found') return <NotFoundPage />;
  }
  const redirect = guardRedirect(route.access, isAuthenticated, window.location.href);
  if (redirect) return <Navigate to={redirect} replace />;
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  const Page = route.page;
  return Page ? <Page /> : null;
}

/**
 * Starts downloading the page of the address the app opens on (a redirect's target for a redirect) and,
 * alongside, its first data, so both arrive while the session is being checked instead of after.
 */
export function preloadPageOf({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  const route = matchRoutes([...appRoutes], pathname)?.at(-1)?.route;
  const params = new URLSearchParams(search);
  route?.firstData?.(params);
  const page = route?.page ?? appRoutes.find((r) => r.path === route?.redirectTo)?.page;
  if (!page || !('preload' in page)) return;
  page.preload().then(
    (loaded) => loaded.prefetch?.(params),
    () => {}, // the render reports a failure
  );
}

export function AppRouter() {
  const { isAuthenticated } = useSession();
  // While the auth status is unknown the whole app waits behind the loader (spec §2).
  if (isAuthenticated === null) return <FullPageLoader />;
  return (
    <Routes>
      <Route element={<Layout screenTitle={screenTitle} />}>
        {appRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<GuardedRoute route={route} isAuthenticated={isAuthenticated} />} />
        ))}
      </Route>
    </Routes>
  );
}
