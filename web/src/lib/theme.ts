// Light/Dark UI: remembered in localStorage under the spec's `theme` key; dark when stored dark or absent.
import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '#shared/constants.ts';

export type Theme = 'light' | 'dark';

/** The spec's rule: only an explicit stored 'light' gives the light theme. */
export const themeFromStored = (stored: string | null): Theme => (stored === 'light' ? 'light' : 'dark');

function readStoredTheme(): Theme {
  try {
    return themeFromStored(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'dark'; // storage blocked (private mode): keep the default
  }
}

let current: Theme = readStoredTheme();
const listeners = new Set<() => void>();

/** Puts the theme on <html> so the CSS variables of that theme apply; called once before first render. */
export function applyTheme(theme: Theme = current) {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  const background = getComputedStyle(document.documentElement).getPropertyValue('--color-bg').trim();
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
}

export function setTheme(theme: Theme) {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // not persisted; still applied for this visit
  }
  applyTheme(theme);
  listeners.forEach((notify) => notify());
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => current,
  );
}
