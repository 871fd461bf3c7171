// Where each history entry was scrolled to, as react-router's <ScrollRestoration> keeps it for a data
// router (this app uses <BrowserRouter>, where that component does not work): a new page opens at the
// top, back and forward return to where the entry was left.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'scroll-positions';
/**
 * A page coming back may still be loading its content (slowly, on a busy phone): it is scrolled again
 * each time it grows, for this long at most.
 */
const RESTORE_WINDOW_MS = 10_000;
/** What the user does to take over the scroll themselves: restoring stops at once. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Scroll positions by history entry key (an entry never shown has none). */
type Positions = Partial<Record<string, number>>;

function readPositions(): Positions {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

// Kept in sessionStorage too, so a reload or a return from another site restores as well.
const positions = readPositions();

function persist() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // storage full or refused: the positions still live for this page's life
  }
}

/**
 * Scrolls to `top`, and again each time the page changes size, until the user scrolls or RESTORE_WINDOW_MS
 * pass. Reaching it once is not enough: a placeholder may be as tall as the content and then make way for
 * it, and the content arriving later must be scrolled to as well.
 */
function restore(top: number): () => void {
  const scroll = () => window.scrollTo(0, top);
  const resized = new ResizeObserver(scroll);
  const giveUp = setTimeout(stop, RESTORE_WINDOW_MS);
  function stop() {
    resized.disconnect();
    clearTimeout(giveUp);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  }
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { once: true, passive: true });
  scroll();
  resized.observe(document.body);
  return stop;
}

/**
 * Gives the history entry this document opened in a key of its own, before the router reads it. An entry
 * opened afresh (a typed address, a link from a mail or a push) has no key, and react-router calls each
 * such entry 'default': they would share one saved position, so a page opened afresh in a tab would open
 * where an earlier one was left. The key stays with the entry, so a reload still restores.
 */
export function keyThisHistoryEntry() {
  const state: unknown = history.state;
  const current = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== '') return;
  history.replaceState({ usr: null, idx: 0, ...current, key: Math.random().toString(36).slice(2, 10) }, '');
}

export function useScrollRestoration() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // The entry the window's scroll belongs to. Recorded as the user scrolls, not when leaving: by the
  // time an entry is left, the next page may already have replaced (and shortened) the content.
  const shown = useRef(key);

  useEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const onScroll = () => {
      positions[shown.current] = window.scrollY;
    };
    // A scroll event waits for the next frame: a page left at once after scrolling (a typed address, a
    // reload on a busy phone) may never have had one. Leaving the document, its content is still there.
    const onLeave = () => {
      onScroll();
      persist();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      history.scrollRestoration = previous;
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = key;
    persist();
    const saved = positions[key];
    if (navigationType === NavigationType.Pop && saved !== undefined) return restore(saved);
    window.scrollTo(0, 0);
  }, [key, navigationType]);
}
