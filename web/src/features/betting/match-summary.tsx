// What is being bet on, on the bet screen and the receipt: both teams (the one backed stands out), the
// tournament and the match's start in the device's time zone; for a match moved, played or decided, its
// score lines under them.
import { lazy, Suspense, type ComponentType } from 'react';
import type { MatchView } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { Skeleton } from '../../components/skeleton.tsx';

// Their own chunk, loaded for a match that has one only: the bet screen's first load stays in its budget.
const MatchScoring = lazy<ComponentType<{ match: MatchView }>>(() =>
  import('./match-scoring.tsx').then(
    (m) => ({ default: m.MatchScoring }),
    () => ({ default: () => null }), // the code did not arrive: the screen still says whether betting is closed
  ),
);

/** While the match loads, a placeholder of the same height keeps the form from moving. */
export function MatchSummary({ match, teamId }: { match: MatchView | undefined; teamId: string }) {
  if (!match) {
    return (
      <div className="bet-match" aria-hidden="true">
        <Skeleton width="70%" height="1.2em" />
        <Skeleton width="55%" height="0.9em" />
      </div>
    );
  }
  return (
    <div className="bet-match">
      <p className="bet-match-teams">
        {match.teams.map((team, index) => (
          <span key={team._id}>
            {index > 0 && <span className="bet-match-vs"> vs </span>}
            <span className={team._id === teamId ? 'bet-match-team is-backed' : 'bet-match-team'}>{team.teamName}</span>
          </span>
        ))}
      </p>
      <p className="bet-match-meta">
        {match.tournamentTitle && <span className="bet-match-tournament">{match.tournamentTitle}</span>}
        <time dateTime={match.time}>
          {formatDate(match.time)}, {formatTimeWithZone(match.time)}
        </time>
      </p>
      {(match.postponedFrom || match.liveScore || match.result) && (
        <Suspense fallback={null}>
          <MatchScoring match={match} />
        </Suspense>
      )}
    </div>
  );
}
