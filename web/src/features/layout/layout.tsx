import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { HOME_TAB_NAME } from '#shared/constants.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { isAuthPath } from '../../lib/paths.ts';
import { useScrollRestoration } from '../../lib/scroll-restoration.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { closeOtherPagesToasts } from '../../lib/toast.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import './layout.css';

/** The browser tab's title: the product's name, after the screen's own name on every screen but home. */
const documentTitle = (screen: string) => (screen === HOME_TAB_NAME ? HOME_TAB_NAME : `${screen} · ${HOME_TAB_NAME}`);

/**
 * The app shell: top bar (not on /auth/ pages), the page, and the footer. On each navigation: the
 * screen's name (`screenTitle`, from the app's routes) in the header and the tab, the scroll position
 * (top, or where back/forward left it), and the previous page's toasts closed.
 */
export function Layout({ screenTitle }: { screenTitle: (pathname: string) => string }) {
  const { pathname } = useLocation();
  const { tabName } = useSession();
  const title = tabName ?? screenTitle(pathname);
  useScrollRestoration();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useEffect(() => closeOtherPagesToasts(pathname), [pathname]);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!isAuthPath(pathname) && <Header title={title} />}
      <main id="main" className="app-main" tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingBlock />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
