import { useLocation } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { PATHS } from '../../lib/paths.ts';
import './static-pages.css';

/** The catch-all page: names the path that does not exist and leads back home. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page page-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="muted">
        There is nothing at <code className="not-found-path">{pathname}</code>.
      </p>
      <Link to={PATHS.home} className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
