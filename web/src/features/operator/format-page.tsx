// The console's Fixtures screen (issue 21 §4): a tournament's teams in seed order and a format become its
// fixtures, laid onto a calendar (first day, daily start times, minutes between, venues), previewed day by
// day to adjust (move, swap, venue) with the clashes listed, and published at once as its matches.
import { Suspense, useEffect } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon, UserIcon } from '../../components/icons.tsx';
import { Link } from '../../components/link.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { useTournamentShape } from '../../lib/game/get-tournament-shape.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { PATHS } from '../../lib/paths.ts';
import { useConsoleTournament } from './console-scope.ts';
import { OperatorPage } from './operator-page.tsx';
import { PublishedFixtures } from './published-fixtures.tsx';
import { useTournamentRoster } from './roster.ts';
import './fixtures.css';

// The planner and the generators behind it: a chunk of their own, asked for as the screen opens, while
// the roster and the tournament's shape are on their way (a failed download ends in the page's error boundary).
const Planner = lazyPage(() => import('./fixture-planner.tsx'));

function FixturePlanner({ tournamentId }: { tournamentId: string }) {
  const roster = useTournamentRoster(tournamentId);
  const shape = useTournamentShape(tournamentId);
  if (roster === null) return <LoadingBlock label="Loading teams" />;
  if (shape?.format) return <PublishedFixtures tournamentId={tournamentId} shape={{ ...shape, format: shape.format }} />;
  if (roster.length < 2) {
    return (
      <EmptyState icon={<UserIcon size={28} />} title="Add at least 2 teams first">
        <Link to={PATHS.operatorTeams} className="btn btn-secondary btn-small">
          Add teams
        </Link>
      </EmptyState>
    );
  }
  return (
    <Suspense fallback={<LoadingBlock label="Loading the planner" />}>
      <Planner tournamentId={tournamentId} roster={roster} />
    </Suspense>
  );
}

export default function OperatorFixturesPage() {
  const scope = useConsoleTournament();
  const { tournament } = scope;
  useEffect(() => void Planner.preload().catch(() => {}), []); // the render reports a failure
  return (
    <OperatorPage title="Fixtures" scope={scope} subtitle="Choose a format and a calendar, adjust the generated matches, then publish them all at once." wide>
      {scope.tournaments === null ? (
        <LoadingBlock label="Loading tournaments" />
      ) : !tournament ? (
        <EmptyState icon={<CalendarIcon size={28} />} title={scope.isOperator ? 'Create a tournament first' : 'You organise no tournament yet'} />
      ) : (
        <FixturePlanner key={tournament._id} tournamentId={tournament._id} />
      )}
    </OperatorPage>
  );
}
