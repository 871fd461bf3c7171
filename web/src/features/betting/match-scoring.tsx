// The bet screen's and receipt's score lines for the match (match-summary.tsx loads them with a match that
// has one): the time it was moved from, its live score while played, then its result with the score.
import type { MatchView } from '#shared/api.ts';
import { liveLine, postponedLine, resultLine } from '../../lib/game/match-score.ts';

export function MatchScoring({ match }: { match: MatchView }) {
  // Two teams; read defensively, as the cards do.
  const [home, away] = [match.teams.at(0)?.teamName ?? '', match.teams.at(1)?.teamName ?? ''];
  const winner = '_id' in match.winnerTeam ? match.winnerTeam.teamName : undefined;
  const result = resultLine(match.result, home, away, winner);
  // A live score is the match's until it is decided.
  const live = !match.result && !winner && !match.isVoid && match.liveScore;
  return (
    <>
      {match.postponedFrom && <p className="bet-match-postponed">{postponedLine(match.postponedFrom, match.time)}</p>}
      {live && (
        <p className="bet-match-live" role="status" aria-atomic="true">
          {liveLine(live, home, away)}
        </p>
      )}
      {result && (
        <p className="bet-match-result">
          {result}
          {match.result?.note && <span className="bet-match-note">{match.result.note}</span>}
        </p>
      )}
    </>
  );
}
