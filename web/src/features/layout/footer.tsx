import { Link } from '../../components/link.tsx';
import { HOME_TAB_NAME } from '#shared/constants.ts';
import { PATHS } from '../../lib/paths.ts';

export function Footer() {
  return (
    <footer className="app-footer">
      <div className="app-footer-inner">
        {/* The home tab title is the product's name. */}
        <p>
          © {new Date().getFullYear()} {HOME_TAB_NAME}. Coins are play money.
        </p>
        <nav aria-label="Legal" className="app-footer-links">
          <Link to={PATHS.privacy}>Privacy</Link>
          <Link to={PATHS.terms}>Terms</Link>
          <Link to={PATHS.contact}>Contact</Link>
        </nav>
      </div>
    </footer>
  );
}
