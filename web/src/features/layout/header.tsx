import { Link } from '../../components/link.tsx';
import { BellIcon, BrandMark, CoinIcon } from '../../components/icons.tsx';
import { formatCount } from '../../lib/format-number.ts';
import { PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { AccountMenu } from './account-menu.tsx';
import { showUnreadBadge } from './unread-badge.ts';


/** `title`: the screen's name (layout.tsx). */
export function Header({ title }: { title: string }) {
  const { isAuthenticated, currentUser } = useSession();
  const inboxCount = currentUser?.inboxCount;
  const balance = currentUser ? formatCount(currentUser.walletBalance) : '–';

  return (
    <header className="topbar">
      <div className="topbar-inner">
        {/* The link goes home; the title names the screen, so it is read after the link's own name. */}
        <Link to={PATHS.home} className="brand" aria-label={`Home · ${title}`}>
          <BrandMark size={32} />
          <span className="brand-title">{title}</span>
        </Link>
        <div className="topbar-actions">
          {isAuthenticated ? (
            <>
              <Link to={PATHS.wallet} className="wallet-pill" aria-label={`Wallet: ${balance} coins`}>
                <CoinIcon size={20} />
                <span className="wallet-pill-amount">{balance}</span>
              </Link>
              <Link
                to={PATHS.notification}
                className="icon-btn bell"
                aria-label={showUnreadBadge(inboxCount) ? `Notifications, ${inboxCount} unread` : 'Notifications'}
              >
                <BellIcon size={22} />
                {showUnreadBadge(inboxCount) && (
                  <span className="badge" aria-hidden="true">
                    {inboxCount}
                  </span>
                )}
              </Link>
            </>
          ) : (
            <Link to={PATHS.auth} className="btn btn-primary btn-small">
              Sign in
            </Link>
          )}
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
