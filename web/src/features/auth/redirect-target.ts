import { isAuthPath, PATHS } from '../../lib/paths.ts';

/**
 * Where to go after logging in, from the login page's `redirect` query (a full URL set by the guards).
 * `otherwise` (home) when it is missing or the text 'null'; home when it is on another origin (no open
 * redirects) or an auth page.
 */
export function redirectTarget(redirect: string | null, origin: string, otherwise: string = PATHS.home): string {
  if (!redirect || redirect === 'null') return otherwise;
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return PATHS.home;
  }
  if (url.origin !== origin || isAuthPath(url.pathname) || url.pathname === PATHS.auth) return PATHS.home;
  return `${url.pathname}${url.search}${url.hash}`;
}
