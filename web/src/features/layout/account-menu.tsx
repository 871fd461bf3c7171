import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DROPDOWN_CLOSE_MS } from '#shared/constants.ts';
import { Avatar } from '../../components/avatar.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import { useSession } from '../../lib/session/session-context.tsx';

type MenuState = 'closed' | 'open' | 'closing';

/** notistack's stack of toasts (lib/toaster.tsx). */
const TOAST_SELECTOR = '.notistack-SnackbarContainer';
/** How far the page may move under the open menu before it closes (a deliberate scroll moves more). */
const SCROLL_SLOP_PX = 8;

// The dropdown's own chunk (links, log-out, theme switch and their icons): not needed to paint any page.
const panel = onDemand(() => import('./account-menu-panel.tsx'));

/**
 * A press outside the open menu only closes it: the click that ends the press is stopped before the
 * app or the browser sees it (it once opened the tournament card under the finger). A press that ends
 * in no click (a scroll) leaves nothing behind: the next press removes the trap.
 */
function swallowClickOfThisPress() {
  const swallow = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  window.addEventListener('pointerdown', () => window.removeEventListener('click', swallow, { capture: true }), { capture: true, once: true });
}

/** The avatar button and its dropdown (spec §2): account, links, security, appearance. */
export function AccountMenu() {
  const { currentUser } = useSession();
  const [state, setState] = useState<MenuState>('closed');
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Loaded when the browser is idle after the page's start, or sooner when the pointer or focus reaches
  // the button; opened before it has arrived, the menu shows as soon as it does (and closes again if it
  // cannot be loaded, so the next tap tries again).
  panel.usePreloadWhenIdle();
  const Panel = panel.useModule(state !== 'closed', () => setState('closed'))?.AccountMenuPanel;

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
      if (containerRef.current?.contains(event.target as Node)) return;
      // A toast (its text, its Undo) is not the page around the menu: a tap on it leaves the menu open.
      if (event.target instanceof Element && event.target.closest(TOAST_SELECTOR)) return;
      close();
      swallowClickOfThisPress();
    };
    // Only a scroll that moves the page closes the menu, not a scroll event without one (a popup's
    // scroll lock released, a phone's toolbar settling).
    const openedAt = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - openedAt) > SCROLL_SLOP_PX) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', onScroll);
    };
  }, [state, close]);

  const preload = () => void panel.preload().catch(() => {});
  return (
    <div className="account-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-btn"
        aria-label="Account menu"
        aria-expanded={state === 'open'}
        aria-controls={panelId}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setState((s) => (s === 'open' ? 'closing' : 'open'))}
      >
        <Avatar src={currentUser?.avatar} name={currentUser?.userName ?? ''} size={36} />
      </button>
      {state !== 'closed' && Panel && <Panel id={panelId} closing={state === 'closing'} close={close} />}
    </div>
  );
}
