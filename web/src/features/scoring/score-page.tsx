// /score#<secret>, the page a scorer link opens: a referee with no account keeps the live score of the
// link's matches and sends each result (functions/catalog/scorer-links.ts). Works for a signed-out
// visitor; taps made without network wait on the phone and go when it is back.
import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Link } from '../../components/link.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { PATHS } from '../../lib/paths.ts';
import { MatchList } from './match-list.tsx';
import { heldLine } from './match-words.ts';
import { unsentTaps } from './offline-queue.ts';
import { takeScorerSecret } from './scorer-secret.ts';
import { prefetchScorerView, useScorer } from './use-scorer.ts';
import './scoring.css';

// The scorer is a chunk of its own, fetched as soon as the list shows (before a match is chosen), so
// the page's first load stays small and a tap on a match finds it ready.
const MatchScorer = lazyPage(() => import('./match-scorer.tsx'));

/** The link's matches, asked for while the app checks its session. */
export function prefetch() {
  const secret = takeScorerSecret();
  if (secret) prefetchScorerView(secret);
}

function DeadLink() {
  return (
    <div className="page page-narrow">
      <EmptyState title="Scorer link not working">
        <p>{MSG.scorerLinkInvalid}.</p>
      </EmptyState>
    </div>
  );
}

function Scoring({ secret }: { secret: string }) {
  const { view, error, linkDead, link, sync, state, refusals, clearRefusal } = useScorer(secret);
  const [search] = useSearchParams();
  useEffect(() => {
    MatchScorer.preload().catch(() => {}); // the render reports a failure
  }, []);
  if (linkDead) return <DeadLink />;
  if (!view) {
    if (!error) return <LoadingBlock label="Opening the scorer link" />;
    return (
      <div className="page page-narrow">
        <EmptyState title="Could not open the scorer link">
          <p>{isApiError(error) && error.status !== 0 ? error.message : 'No network: open this page again once you have one.'}</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </EmptyState>
      </div>
    );
  }
  const openId = search.get('match');
  const match = openId ? view.matches.find((candidate) => candidate._id === openId) : undefined;
  const taps = unsentTaps(state.queue, link);
  return (
    <div className="page page-narrow scoring-page">
      <header className="scoring-head">
        <h1 className="scoring-title">
          {view.linkName} · {view.tournamentTitle}
        </h1>
        {match && (
          <Link to={PATHS.score} className="scoring-back">
            ‹ All matches
          </Link>
        )}
      </header>
      {/* Always there, so a screen reader hears the note when it appears. */}
      <div role="status" className="scoring-held-slot">
        {state.hold && taps > 0 && <p className="scoring-held">{state.hold === 'too-fast' ? MSG.scorerTooFast : heldLine(taps)}</p>}
      </div>
      {match ? (
        <Suspense fallback={<LoadingBlock label="Opening the scorer" />}>
          <MatchScorer key={match._id} match={match} sport={view.sport} sync={sync} queue={state.queue} link={link} hold={state.hold} refusal={refusals[match._id]} clearRefusal={clearRefusal} />
        </Suspense>
      ) : (
        <MatchList view={view} queue={state.queue} link={link} />
      )}
    </div>
  );
}

export default function ScorePage() {
  const [secret] = useState(() => takeScorerSecret());
  return secret ? <Scoring secret={secret} /> : <DeadLink />;
}
