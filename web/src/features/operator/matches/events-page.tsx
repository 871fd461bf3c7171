import { Suspense, useEffect, useState } from 'react';
import type { GameEvent } from '#shared/api.ts';
import type { Sport } from '#shared/sports.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CalendarIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useEventList } from '../../../lib/game/get-event-list.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { useConsoleTournament } from '../console-scope.ts';
import { ExportButton } from './export-button.tsx';
import { OperatorPage } from '../operator-page.tsx';
import { LAPTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
// The wide page's forms keep their width above the table (tables.css), from the first paint.
import '../tables.css';

// Not needed for the page's first paint (the first-visit budget, docs/benchmarks.md), each a chunk of its own:
// the matches' cards or table with their actions and the 'Schedule a match' form, asked for as the page
// opens, while the matches load; and 'Paste fixtures', asked for as the page renders (its preview's rules come with the first paste).
const EventList = lazyPage(() => import('./event-list.tsx'));
const ScheduleMatch = lazyPage(() => import('./schedule-match.tsx').then((m) => ({ default: m.ScheduleMatch })));
const PasteFixtures = lazyPage(() => import('../fixtures/paste-fixtures.tsx').then((m) => ({ default: m.PasteFixtures })));
// The referees' scorer links, under the match day, with their QR codes.
const ScorerLinks = lazyPage(() => import('../scorer-links/scorer-links-panel.tsx'));

/** A new scorer link being made: for the match whose row asked, or for a court and/or a day. */
type NewLink = { match: GameEvent | null };

/** The tournament's matches: read here, so they load beside the list's code. */
function Matches({ tournamentId, sport, laptop, onScorerLink }: { tournamentId: string; sport: Sport | undefined; laptop: boolean; onScorerLink: (event: GameEvent) => void }) {
  const events = useEventList(tournamentId);
  if (events === null) return <LoadingBlock label="Loading matches" />;
  return (
    <Suspense fallback={<LoadingBlock label="Loading matches" />}>
      <EventList tournamentId={tournamentId} sport={sport} events={events} laptop={laptop} onScorerLink={onScorerLink} />
    </Suspense>
  );
}

export default function OperatorEventsPage() {
  const scope = useConsoleTournament();
  const { tournament } = scope;
  const laptop = useMediaQuery(LAPTOP_QUERY);
  const [newLink, setNewLink] = useState<NewLink | null>(null);
  useEffect(() => void Promise.all([EventList.preload(), ScheduleMatch.preload()]).catch(() => {}), []); // the render reports a failure

  return (
    <OperatorPage wide={laptop} scope={scope} title="Events" subtitle="Schedule matches, open and pause betting, and record results. Times are in your time zone.">
      {scope.tournaments === null ? (
        <LoadingBlock label="Loading tournaments" />
      ) : !tournament ? (
        <EmptyState icon={<CalendarIcon size={28} />} title={scope.isOperator ? 'Create a tournament first' : 'You organise no tournament yet'} />
      ) : (
        <>
          {/* The match day first: the results to record are never below the forms that add matches. */}
          <section className="card" aria-labelledby="matches">
            <h2 id="matches">Matches</h2>
            <Matches tournamentId={tournament._id} sport={tournament.sport} laptop={laptop} onScorerLink={(match) => setNewLink({ match })} />
          </section>
          <Suspense fallback={null}>
            <ScorerLinks key={tournament._id} tournamentId={tournament._id} newLink={newLink && (newLink.match?.tournamentId ?? tournament._id) === tournament._id ? newLink : null} onNewLink={setNewLink} />
          </Suspense>
          <Suspense fallback={null}>
            <ScheduleMatch key={tournament._id} tournamentId={tournament._id} />
          </Suspense>
          <Suspense fallback={null}>
            <PasteFixtures key={tournament._id} tournamentId={tournament._id} />
          </Suspense>
          <ExportButton tournamentId={tournament._id} />
        </>
      )}
    </OperatorPage>
  );
}
