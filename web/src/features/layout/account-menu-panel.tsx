// The account menu's dropdown (spec §2): account, links, security, appearance. Its own chunk: no page
// needs it to paint, so it loads when the browser is idle or at the first sign the menu is wanted
// (account-menu.tsx).
import { useState, type ReactNode } from 'react';
import { Link } from '../../components/link.tsx';
import { MSG } from '#shared/messages.ts';
import { usesConsole } from '../../lib/session/uses-console.ts';

/** Whose console the menu links to: an operator's, or an organiser's (a tournament's organiser or creator). */
const consoleOf = (user: { role: string } | undefined) => (user?.role === 'operator' ? 'Operator' : 'Organiser');
import { Avatar } from '../../components/avatar.tsx';
import { CalendarIcon, DocumentIcon, PodiumIcon } from '../../components/icons.tsx';
import { PATHS, profilePath } from '../../lib/paths.ts';
import { logoutUser } from '../../lib/session/logout-user.ts';
import { SignedIn, useSession } from '../../lib/session/session-context.tsx';
import { setTheme, useTheme } from '../../lib/theme.ts';
import { toast } from '../../lib/toast.ts';
import { PushSwitch } from '../../components/push-switch.tsx';
import { ChevronRightIcon, LockIcon, LogoutIcon, MoonIcon, ShieldIcon, SunIcon, WalletIcon } from './menu-icons.tsx';

function MenuLink({ to, icon, children, onNavigate }: { to: string; icon: ReactNode; children: ReactNode; onNavigate: () => void }) {
  return (
    <Link to={to} className="menu-item" onClick={onNavigate}>
      {icon}
      <span>{children}</span>
      <ChevronRightIcon size={16} className="menu-item-chevron" />
    </Link>
  );
}

export function AccountMenuPanel({ id, closing, close }: { id: string; closing: boolean; close: () => void }) {
  const { isAuthenticated, currentUser } = useSession();
  const theme = useTheme();
  const [loggingOut, setLoggingOut] = useState(false);

  const logOut = async () => {
    setLoggingOut(true);
    try {
      await logoutUser();
      window.location.assign(PATHS.home); // home and a full reload, so no signed-in state survives
    } catch {
      toast.error(MSG.failedToLogout);
      setLoggingOut(false);
    }
  };

  const userName = currentUser?.userName ?? '';
  return (
    <div id={id} className={`menu-panel ${closing ? 'is-closing' : ''}`}>
      {/* Signed out, the header's own 'Sign in' is the one way in: the menu does not offer it again. */}
      {isAuthenticated && (
        <Link to={profilePath(currentUser?._id ?? '')} className="menu-profile" onClick={close}>
          <Avatar src={currentUser?.avatar} name={userName} size={44} />
          <span className="menu-profile-text">
            <span className="menu-profile-name">{userName || 'Your profile'}</span>
            <span className="menu-profile-sub">View profile</span>
          </span>
        </Link>
      )}

      <nav aria-label="Menu" className="menu-section">
        <MenuLink to={PATHS.events} icon={<CalendarIcon />} onNavigate={close}>
          Events
        </MenuLink>
        <MenuLink to={PATHS.leaderboard} icon={<PodiumIcon />} onNavigate={close}>
          Leaderboard
        </MenuLink>
        <SignedIn>
          <MenuLink to={PATHS.wallet} icon={<WalletIcon />} onNavigate={close}>
            Withdraw money
          </MenuLink>
        </SignedIn>
      </nav>

      {usesConsole(currentUser) && (
        <nav aria-label={consoleOf(currentUser)} className="menu-section">
          <p className="menu-section-title">{consoleOf(currentUser)}</p>
          <MenuLink to={PATHS.operatorTournaments} icon={<ShieldIcon />} onNavigate={close}>
            {consoleOf(currentUser)} console
          </MenuLink>
        </nav>
      )}

      <SignedIn>
        <div className="menu-section">
          <p className="menu-section-title">Notifications</p>
          <PushSwitch compact />
        </div>
      </SignedIn>

      <SignedIn>
        <div className="menu-section">
          <p className="menu-section-title">Security</p>
          <button type="button" className="menu-item" onClick={() => void logOut()} disabled={loggingOut}>
            <LogoutIcon />
            <span>{loggingOut ? 'Logging out…' : 'Log out'}</span>
          </button>
        </div>
      </SignedIn>

      <div className="menu-section">
        <MenuLink to={PATHS.privacy} icon={<LockIcon />} onNavigate={close}>
          Privacy & guidelines
        </MenuLink>
        <MenuLink to={PATHS.terms} icon={<DocumentIcon />} onNavigate={close}>
          Terms & conditions
        </MenuLink>
      </div>

      <div className="menu-section">
        <p className="menu-section-title" id={`${id}-appearance`}>
          Appearance
        </p>
        <div className="segmented-switch theme-switch" role="group" aria-labelledby={`${id}-appearance`}>
          <button type="button" aria-pressed={theme === 'light'} onClick={() => setTheme('light')}>
            <SunIcon size={18} /> Light UI
          </button>
          <button type="button" aria-pressed={theme === 'dark'} onClick={() => setTheme('dark')}>
            <MoonIcon size={18} /> Dark UI
          </button>
        </div>
      </div>
    </div>
  );
}
