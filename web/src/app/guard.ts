// Route guards of the spec §2, as a pure decision so it can be unit-tested.
import type { Role } from '#shared/api.ts';
import { loginPath, PATHS } from '../lib/paths.ts';

export type RouteAccess = 'public' | 'login-required' | 'anonymous-only' | 'operator-only';

/**
 * Where to send the visitor instead of showing the route, or null to show it.
 * `currentUrl` is the full URL being visited (it becomes the login page's redirect query).
 */
export function guardRedirect(access: RouteAccess, isAuthenticated: boolean, currentUrl: string): string | null {
  if (access === 'login-required' && !isAuthenticated) return loginPath(currentUrl);
  if (access === 'anonymous-only' && isAuthenticated) return PATHS.notFound;
  return null;
}

/**
 * Operator screens do not exist for anyone else: they see the 404 page at the same path, which does not
 * reveal that the console is there. A signed-in user waits until the role is known.
 */
export function operatorAccess(isAuthenticated: boolean, role: Role | undefined): 'show' | 'not-found' | 'wait' {
  if (!isAuthenticated) return 'not-found';
  if (role === undefined) return 'wait';
  return role === 'operator' ? 'show' : 'not-found';
}
