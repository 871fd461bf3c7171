// Whether a CSS media query matches now, re-read when it changes (a phone turned, a window resized): for
// the screens that show another layout, not just other styles, on another device (the console's tables).
import { useSyncExternalStore } from 'react';

/** A laptop: the console's tables (wider than 900 px). */
export const LAPTOP_QUERY = '(min-width: 901px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
