// The console's matches a corrected result replaced (under the match list, event-list.tsx): a knockout
// match whose side changed was voided, its stakes refunded, and a new match put in its place. Each stays
// here struck through, with the match played in its place, folded away like the decided matches. A chunk
// of its own, asked for by the match list's.
import { matchLabel } from '#shared/match-names.ts';
import type { AdminEvent } from '#shared/api.ts';
import { useTournamentMatches } from './api/tournament-matches.ts';

type Replaced = AdminEvent & { replacedBy: NonNullable<AdminEvent['replacedBy']> };

const isReplaced = (event: AdminEvent): event is Replaced => event.replacedBy !== undefined;

export default function ReplacedMatches({ tournamentId }: { tournamentId: string }) {
  const { data } = useTournamentMatches(tournamentId);
  const replaced = (data ?? []).filter(isReplaced);
  if (replaced.length === 0) return null;
  return (
    <details className="match-day-group match-day-folded">
      <summary className="match-day-title">Replaced by corrections ({replaced.length})</summary>
      <ul className="operator-list">
        {replaced.map((event) => {
          const teams = [event.knownSides?.home, event.knownSides?.away].filter(Boolean).join(' vs ');
          const name = [matchLabel(event.stage, event.matchKey), teams].filter(Boolean).join(': ');
          return (
            <li key={event._id} className="operator-event">
              <p className="operator-row-title">
                <del>{name}</del>
              </p>
              <p className="operator-row-meta">
                Stakes refunded. Played instead: {event.replacedBy.description}
              </p>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
