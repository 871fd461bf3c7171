// Whose the console is: the route guard lets them in (app/guard.ts), the account menu links to it.
import type { CurrentUser } from '#shared/api.ts';

/** Whether the console is this user's: an operator's, an organiser's of at least one tournament, or one allowed to create one. */
export const usesConsole = (user: Pick<CurrentUser, 'role' | 'organises' | 'mayCreateTournaments'> | undefined) =>
  user?.role === 'operator' || (user?.organises.length ?? 0) > 0 || user?.mayCreateTournaments === true;
