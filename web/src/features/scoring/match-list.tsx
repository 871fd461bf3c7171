// The link's matches, soonest first, one tap to open a match's scorer; decided ones folded at the end.
import type { ScorerMatch, ScorerView } from '#shared/api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { Link } from '../../components/link.tsx';
import { heldEnd, heldScore, type Queue } from './offline-queue.ts';
import { scoreText, teamsLine, whenLine } from './match-words.ts';

export const matchPath = (matchId: string) => `?${new URLSearchParams({ match: matchId })}`;

function stateOf(match: ScorerMatch, queue: Queue, link: string): { text: string; tone: 'live' | 'pending' | 'idle' } {
  if (match.result) return { text: match.result.score ? `Decided ${scoreText(match.result.score)}` : 'Decided', tone: 'idle' };
  if (match.provisional) return { text: match.provisional.disputed ? 'The organiser is checking the result' : 'Result pending', tone: 'pending' };
  if (heldEnd(queue, link, match._id)) return { text: 'Result saved on this phone', tone: 'pending' };
  const score = heldScore(queue, link, match._id) ?? match.liveScore;
  return score ? { text: `Live ${scoreText(score)}`, tone: 'live' } : { text: 'Not started', tone: 'idle' };
}

function MatchRow({ match, queue, link }: { match: ScorerMatch; queue: Queue; link: string }) {
  const state = stateOf(match, queue, link);
  return (
    <li>
      <Link to={matchPath(match._id)} className="scoring-match">
        <span className="scoring-match-teams">{teamsLine(match)}</span>
        <span className="scoring-match-when">{whenLine(match)}</span>
        <span className={`scoring-match-state scoring-state-${state.tone}`}>{state.text}</span>
      </Link>
    </li>
  );
}

export function MatchList({ view, queue, link }: { view: ScorerView; queue: Queue; link: string }) {
  const sorted = [...view.matches].sort((a, b) => a.time.localeCompare(b.time));
  const playing = sorted.filter((match) => !match.result);
  const decided = sorted.filter((match) => match.result);
  if (sorted.length === 0) {
    return (
      <EmptyState title="No matches on this link yet">
        <p>The organiser adds them: open this page again later.</p>
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="scoring-matches-title">
      <h2 id="scoring-matches-title" className="scoring-section-title">
        Choose a match
      </h2>
      {playing.length > 0 ? (
        <ul className="scoring-matches">
          {playing.map((match) => (
            <MatchRow key={match._id} match={match} queue={queue} link={link} />
          ))}
        </ul>
      ) : (
        <p className="muted">Every match of this link has its result.</p>
      )}
      {decided.length > 0 && (
        <details className="scoring-decided">
          <summary>Decided matches ({decided.length})</summary>
          <ul className="scoring-matches">
            {decided.map((match) => (
              <MatchRow key={match._id} match={match} queue={queue} link={link} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
