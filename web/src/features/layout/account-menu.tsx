import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DROPDOWN_CLOSE_MS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Avatar } from '../../components/avatar.tsx';
import {
  CalendarIcon,
  ChevronRightIcon,
  DocumentIcon,
  LockIcon,
  LogoutIcon,
  MoonIcon,
  PodiumIcon,
  ShieldIcon,
  SunIcon,
  WalletIcon,
} from '../../components/icons.tsx';
import { PATHS, profilePath } from '../../lib/paths.ts';
import { logoutUser } from '../../lib/session/logout-user.ts';
import { SignedIn, useSession } from '../../lib/session/session-context.tsx';
import { setTheme, useTheme } from '../../lib/theme.ts';
import { toast } from '../../lib/toast.ts';

type MenuState = 'closed' | 'open' | 'closing';

function MenuLink({ to, icon, children, onNavigate }: { to: string; icon: ReactNode; children: ReactNode; onNavigate: () => void }) {
  return (
    <Link to={to} className="menu-item" onClick={onNavigate}>
      {icon}
      <span>{children}</span>
      <ChevronRightIcon size={16} className="menu-item-chevron" />
    </Link>
  );
}

/** The avatar button and its dropdown (spec §2): account, links, security, appearance. */
export function AccountMenu() {
  const { isAuthenticated, currentUser } = useSession();
  const theme = useTheme();
  const [state, setState] = useState<MenuState>('closed');
  const [loggingOut, setLoggingOut] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => setState((s) => (s === 'open' ? 'closing' : s)), []);

  // The closing animation plays before the panel unmounts.
  useEffect(() => {
    if (state !== 'closing') return;
    const timer = setTimeout(() => setState('closed'), DROPDOWN_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state !== 'open') return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', close, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', close);
    };
  }, [state, close]);

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
    <div className="account-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-btn"
        aria-label="Account menu"
        aria-expanded={state === 'open'}
        aria-controls={panelId}
        onClick={() => setState((s) => (s === 'open' ? 'closing' : 'open'))}
      >
        <Avatar src={currentUser?.avatar} name={userName} size={36} />
      </button>
      {state !== 'closed' && (
        <div id={panelId} className={`menu-panel ${state === 'closing' ? 'is-closing' : ''}`}>
          {isAuthenticated ? (
            <Link to={profilePath(currentUser?._id ?? '')} className="menu-profile" onClick={close}>
              <Avatar src={currentUser?.avatar} name={userName} size={44} />
              <span className="menu-profile-text">
                <span className="menu-profile-name">{userName || 'Your profile'}</span>
                <span className="menu-profile-sub">View profile</span>
              </span>
            </Link>
          ) : (
            <div className="menu-signin">
              <p>Sign in to bet, track your wallet and climb the leaderboard.</p>
              <Link to={PATHS.auth} className="btn btn-primary btn-block" onClick={close}>
                Sign in
              </Link>
            </div>
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

          {currentUser?.role === 'operator' && (
            <nav aria-label="Operator" className="menu-section">
              <p className="menu-section-title">Operator</p>
              <MenuLink to={PATHS.operatorTournaments} icon={<ShieldIcon />} onNavigate={close}>
                Operator console
              </MenuLink>
            </nav>
          )}

          <SignedIn>
            <div className="menu-section">
              <p className="menu-section-title">Security</p>
              <button type="button" className="menu-item" onClick={logOut} disabled={loggingOut}>
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
            <p className="menu-section-title" id={`${panelId}-appearance`}>
              Appearance
            </p>
            <div className="theme-switch" role="group" aria-labelledby={`${panelId}-appearance`}>
              <button type="button" aria-pressed={theme === 'light'} onClick={() => setTheme('light')}>
                <SunIcon size={18} /> Light UI
              </button>
              <button type="button" aria-pressed={theme === 'dark'} onClick={() => setTheme('dark')}>
                <MoonIcon size={18} /> Dark UI
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
