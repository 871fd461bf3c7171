// Route guards of the spec §2, as a pure decision so it can be unit-tested.
import { loginPath, PATHS } from '../lib/paths.ts';

export type RouteAccess = 'public' | 'login-required' | 'anonymous-only';

/**
 * Where to send the visitor instead of showing the route, or null to show it.
 * `currentUrl` is the full URL being visited (it becomes the login page's redirect query).
 */
export function guardRedirect(access: RouteAccess, isAuthenticated: boolean, currentUrl: string): string | null {
  if (access === 'login-required' && !isAuthenticated) return loginPath(currentUrl);
  if (access === 'anonymous-only' && isAuthenticated) return PATHS.notFound;
  return null;
}
