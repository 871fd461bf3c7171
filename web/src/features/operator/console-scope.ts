// What the console shows its user: operators everything; a tournament's organisers only the
// tournaments they organise (the server refuses the rest anyway) and no operator-only screens; those an
// operator allowed may create tournaments too.
import type { Tournament } from '#shared/api.ts';
import { useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { useSession } from '../../lib/session/session-context.tsx';

export function useConsoleScope(): { isOperator: boolean; mayCreateTournaments: boolean; tournaments: Tournament[] | null } {
  const { currentUser } = useSession();
  const all = useTournamentList();
  const isOperator = currentUser?.role === 'operator';
  const organised = new Set(currentUser?.organises ?? []);
  return {
    isOperator,
    mayCreateTournaments: currentUser?.mayCreateTournaments === true,
    tournaments: all && (isOperator ? all : all.filter((tournament) => organised.has(tournament._id))),
  };
}
