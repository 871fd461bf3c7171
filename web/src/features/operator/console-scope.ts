// What the console shows its user: operators everything; a tournament's organisers only the
// tournaments they organise (the server refuses the rest anyway) and no operator-only screens; those an
// operator allowed may create tournaments too. The tournament screens (teams, fixtures, matches) work
// inside one tournament at a time: the URL's, else the one chosen last on this device, else the first.
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
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

const CHOSEN_KEY = 'console.tournamentId';

/** The tournament chosen last on this device (the console's tabs carry it from screen to screen). */
export function lastChosenTournamentId(): string | null {
  try {
    return localStorage.getItem(CHOSEN_KEY);
  } catch {
    return null; // storage blocked: the first tournament is shown
  }
}

/** Makes the tournament the one the console's tournament screens open inside. */
export function rememberChosenTournament(tournamentId: string) {
  try {
    localStorage.setItem(CHOSEN_KEY, tournamentId);
  } catch {
    // storage blocked: the URL still carries the choice
  }
}

export interface ConsoleTournament {
  isOperator: boolean;
  /** The tournaments in scope; null while loading. */
  tournaments: Tournament[] | null;
  /** The tournament worked on: null while loading or when there is none in scope. */
  tournament: Tournament | null;
  /** Works inside another tournament (the URL says which). */
  choose: (tournamentId: string) => void;
}

/** The one tournament a console screen works inside, kept in the URL (`tournamentId`) and remembered. */
export function useConsoleTournament(): ConsoleTournament {
  const { isOperator, tournaments } = useConsoleScope();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tournamentId') ?? lastChosenTournamentId();
  const tournament = tournaments && (tournaments.find((each) => each._id === wanted) ?? tournaments.at(0) ?? null);
  const inUrl = params.get('tournamentId');
  // The URL names the tournament shown, so a shared link or a reload opens the same one.
  const showInside = useCallback(
    (tournamentId: string) => {
      rememberChosenTournament(tournamentId);
      setParams((now) => new URLSearchParams({ ...Object.fromEntries(now), tournamentId }), { replace: true });
    },
    [setParams],
  );
  useEffect(() => {
    if (tournament && inUrl !== tournament._id) showInside(tournament._id);
    else if (tournament) rememberChosenTournament(tournament._id);
  }, [tournament, inUrl, showInside]);
  return { isOperator, tournaments, tournament, choose: showInside };
}
