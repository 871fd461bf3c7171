import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingBlock } from '../../components/spinner.tsx';
import { isAuthPath } from '../../lib/paths.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import './layout.css';

/** The app shell: top bar (not on /auth/ pages), the page, and the footer. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!isAuthPath(pathname) && <Header />}
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
