// Route guards of the spec §2, as a pure decision so it can be unit-tested.
import type { CurrentUser } from '#shared/api.ts';
import { loginPath, PATHS } from '../lib/paths.ts';
import { usesConsole } from '../lib/session/uses-console.ts';

/** 'console': operators and tournament organisers (the console shows organisers their tournaments only). */
export type RouteAccess = 'public' | 'login-required' | 'anonymous-only' | 'operator-only' | 'console';

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
 * Console screens do not exist for anyone else: they see the 404 page at the same path, which does not
 * reveal that the console is there. 'operator-only' screens (users, withdrawals) are operators' alone;
 * 'console' screens are organisers' too. A signed-in user waits until the role is known.
 */
export function operatorAccess(
  isAuthenticated: boolean,
  user: Pick<CurrentUser, 'role' | 'organises' | 'mayCreateTournaments'> | undefined,
  access: 'operator-only' | 'console' = 'operator-only',
): 'show' | 'not-found' | 'wait' {
  if (!isAuthenticated) return 'not-found';
  if (user === undefined) return 'wait';
  const allowed = access === 'console' ? usesConsole(user) : user.role === 'operator';
  return allowed ? 'show' : 'not-found';
}
