import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { GameEvent, Team } from '#shared/api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon } from '../../components/icons.tsx';
import { Button } from '../../components/button.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { createBetPath, loginPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import { toast } from '../../lib/toast.ts';
import { prefetchEventList, useEventList } from '../../lib/game/get-event-list.ts';
import { prefetchTournamentList, useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { useUpcomingEvents } from '../../lib/game/get-upcoming-events.ts';
import { EventCard } from './event-card.tsx';
import { orderMatches } from './match-order.ts';
import './tournaments.css';

// The hostel leaderboard sits below the matches and shows nothing until its own data has come: its code,
// then its data, load after the page's first paint.
const HostelStandings = lazy(() =>
  import('../groups/hostel-standings.tsx').then(
    (m) => ({ default: m.HostelStandings }),
    () => ({ default: () => null }), // the code did not arrive: no leaderboard, as when there are no hostels
  ),
);

// A signed-in user's 'Remind me before matches' on a tournament's page: its own chunk, after the matches.
const TournamentReminder = lazy<ComponentType<{ tournamentId: string }>>(() =>
  import('../push/tournament-reminder.tsx').then(
    (m) => ({ default: m.TournamentReminder }),
    () => ({ default: () => null }), // the code did not arrive: no toggle this time
  ),
);

// The betting-mode popup opens on a Place bid only: it loads when the browser is idle, or at the click.
const bettingModeDialog = onDemand(() => import('./betting-mode-dialog.tsx'));

interface Bid {
  event: GameEvent;
  team: Team;
}

export function prefetch(search: URLSearchParams) {
  prefetchEventList(search.get('tournamentId'));
  prefetchTournamentList();
}

export default function EventsPage() {
  const [searchParams] = useSearchParams();
  const tournamentId = searchParams.get('tournamentId');
  // One tournament's matches, or (the menu's 'Events', no tournament) the upcoming ones of all.
  const tournamentEvents = useEventList(tournamentId);
  const upcomingEverywhere = useUpcomingEvents(!tournamentId);
  const events = tournamentId ? tournamentEvents : upcomingEverywhere.events;
  // The home page usually loaded the list already: the tournaments' titles come from its cache.
  const tournaments = useTournamentList();
  const tournament = tournaments?.find((t) => t._id === tournamentId);
  const tournamentTitle = (id: string) => tournaments?.find((t) => t._id === id)?.title;
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  // The last bid stays set while the popup fades out, so its text does not change as it closes.
  const [bid, setBid] = useState<Bid | null>(null);
  const [choosingMode, setChoosingMode] = useState(false);
  bettingModeDialog.usePreloadWhenIdle();
  const BettingModeDialog = bettingModeDialog.useModule(choosingMode, () => setChoosingMode(false))?.BettingModeDialog;

  const placeBid = (event: GameEvent, team: Team) => {
    // A visitor logs in first and comes back to this list.
    if (!isAuthenticated) {
      navigate(loginPath(window.location.href));
      return;
    }
    setBid({ event, team });
    setChoosingMode(true);
  };

  const chooseCoins = () => {
    if (!bid) return;
    navigate(createBetPath({ mode: 'coin', teamId: bid.team._id, eventId: bid.event._id, team: bid.team.teamName }));
  };

  const chooseCash = () => {
    toast.cashNotice();
    setChoosingMode(false);
  };

  const { upcoming, results } = orderMatches(events ?? []);
  const card = (event: GameEvent) => (
    <div key={event._id} className="event-item">
      {!tournamentId && <p className="event-tournament">{tournamentTitle(event.tournamentId)}</p>}
      <EventCard event={event} onPlaceBid={placeBid} />
    </div>
  );

  return (
    <div className="page page-narrow events-page">
      <h1 className="page-title">Upcoming Matches</h1>
      <p className="page-subtitle">
        {tournament ? tournament.title : tournamentId ? 'Pick a team and place your bid before the match starts.' : 'Every tournament, soonest first.'}
      </p>
      {tournamentId && isAuthenticated && (
        <Suspense fallback={null}>
          <TournamentReminder tournamentId={tournamentId} />
        </Suspense>
      )}
      {events === null ? (
        <SkeletonList label="Loading matches" rows={3} />
      ) : events.length === 0 ? (
        <div className="card">
          <EmptyState icon={<CalendarIcon size={28} />} title="No Events found">
            <p>{tournamentId ? 'Matches of this tournament show up here once they are scheduled.' : 'No match is coming up in any tournament right now.'}</p>
          </EmptyState>
        </div>
      ) : (
        <>
          {upcoming.length > 0 ? (
            <div className="event-list">{upcoming.map(card)}</div>
          ) : (
            <p className="events-none-upcoming">No upcoming matches in this tournament.</p>
          )}
          {!tournamentId && upcomingEverywhere.hasMore && (
            <Button variant="secondary" block busy={upcomingEverywhere.loadingMore} onClick={upcomingEverywhere.loadMore}>
              Show more matches
            </Button>
          )}
          {results.length > 0 && (
            <section className="event-results" aria-labelledby="event-results-title">
              <h2 id="event-results-title" className="section-title">
                Results
              </h2>
              <div className="event-list">{results.map(card)}</div>
            </section>
          )}
        </>
      )}
      {tournamentId && (
        <Suspense fallback={null}>
          <HostelStandings tournamentId={tournamentId} />
        </Suspense>
      )}
      {BettingModeDialog && (
        <BettingModeDialog
          open={choosingMode}
          teamName={bid?.team.teamName ?? ''}
          onClose={() => setChoosingMode(false)}
          onCoins={chooseCoins}
          onCash={chooseCash}
        />
      )}
    </div>
  );
}
