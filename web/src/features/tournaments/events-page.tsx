import { lazy, Suspense, useCallback, useDeferredValue, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CardBet, GameEvent, Team } from '#shared/api.ts';
import { deviceTimeZone } from '#shared/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon } from '../../components/icons.tsx';
import { Button } from '../../components/button.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { createBetPath, loginPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import { toast } from '../../lib/toast.ts';
import { usePaintedOnce } from '../../lib/after-paint.ts';
import { useEventList } from '../../lib/game/get-event-list.ts';
import { useMyBets } from '../../lib/game/get-my-bets.ts';
import { useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { useUpcomingEvents } from '../../lib/game/get-upcoming-events.ts';
import { EventCard } from './event-card.tsx';
import { orderMatches } from './match-order.ts';
import './tournaments.css';

// The hostel leaderboard sits below the matches and shows nothing until its own data has come: its code,
// then its data, load after the page's first paint.
const HostelStandings = lazy(() =>
  import('./hostel-standings.tsx').then(
    (m) => ({ default: m.HostelStandings }),
    () => ({ default: () => null }), // the code did not arrive: no leaderboard, as when there are no hostels
  ),
);

// The tournament's stage, its tabs and its table or bracket (issue 21 §5): a chunk of their own, asked for
// as the page's code arrives, then its data (prefetch, below), so the page's first JavaScript stays in its budget.
const shapeChunk = () => import('./tournament-shape.tsx');
const ShapeHeader = lazy(() => shapeChunk().then((m) => ({ default: m.ShapeHeader }), () => ({ default: () => null })));
const ShapePanel = lazy(() => shapeChunk().then((m) => ({ default: m.ShapePanel }), () => ({ default: () => null })));

// A signed-in user's 'Remind me before matches' on a tournament's page: its own chunk, after the matches.
const TournamentReminder = lazy<ComponentType<{ tournamentId: string }>>(() =>
  import('./tournament-reminder.tsx').then(
    (m) => ({ default: m.TournamentReminder }),
    () => ({ default: () => null }), // the code did not arrive: no toggle this time
  ),
);

// The betting-mode popup opens on a Place bid only: it loads when the browser is idle after the page's
// start, or at a signed-in user's first press on the page (a Place bid's click comes just after), or at the click.
const bettingModeDialog = onDemand(() => import('./betting-mode-dialog.tsx'));

interface Bid {
  event: GameEvent;
  team: Team;
}

/** The page's data is asked for by the route manifest (`firstData`), while this code downloads. */
export function prefetch(search: URLSearchParams) {
  const tournamentId = search.get('tournamentId');
  if (tournamentId) void shapeChunk().then((m) => m.prefetchTournamentShape(tournamentId), () => {});
  // The cards' dates need the page's first Intl formatter, whose locale and zone data cost tens of ms on
  // a slow phone: built now, in a task of its own while the lists are on their way, not in the cards' render.
  setTimeout(deviceTimeZone, 0);
}

/** What every card of the page shares: the viewer's bets (one request for all cards) and the bid action. */
interface CardContext {
  myBets: Map<string, CardBet>;
  onPlaceBid: (event: GameEvent, team: Team) => void;
}

export default function EventsPage() {
  const [searchParams] = useSearchParams();
  const tournamentId = searchParams.get('tournamentId');
  const { isAuthenticated } = useSession();
  const myBets = useMyBets(isAuthenticated === true);
  const navigate = useNavigate();
  // The last bid stays set while the popup fades out, so its text does not change as it closes.
  const [bid, setBid] = useState<Bid | null>(null);
  const [choosingMode, setChoosingMode] = useState(false);
  bettingModeDialog.usePreloadWhenIdle();
  const BettingModeDialog = bettingModeDialog.useModule(choosingMode, () => setChoosingMode(false))?.BettingModeDialog;

  // The same function from render to render, so the cards (memoised) do not render again with the page.
  const placeBid = useCallback(
    (event: GameEvent, team: Team) => {
      // A visitor logs in first and comes back to this list.
      if (!isAuthenticated) {
        navigate(loginPath(window.location.href));
        return;
      }
      setBid({ event, team });
      setChoosingMode(true);
    },
    [isAuthenticated, navigate],
  );

  const chooseCoins = () => {
    if (!bid) return;
    navigate(createBetPath({ mode: 'coin', teamId: bid.team._id, eventId: bid.event._id, team: bid.team.teamName }));
  };

  const chooseCash = () => {
    toast.cashNotice();
    setChoosingMode(false);
  };

  const cards: CardContext = { myBets, onPlaceBid: placeBid };
  const preloadBettingMode = () => void bettingModeDialog.preload().catch(() => {});
  // The bracket is wide: on a laptop it gets the wide page, so a 16-team one shows whole.
  const wide = tournamentId !== null && searchParams.get('view') === 'bracket';
  return (
    <div className={`page ${wide ? '' : 'page-narrow '}events-page`} onPointerDown={isAuthenticated ? preloadBettingMode : undefined}>
      <h1 className="page-title">Upcoming Matches</h1>
      {/* Two pages in one address: only the chosen one's data hooks are set up. */}
      {tournamentId ? <TournamentMatches tournamentId={tournamentId} cards={cards} /> : <UpcomingEverywhere cards={cards} />}
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

/**
 * One tournament's page: its stage and what is next, then its matches (with its reminder switch and its
 * hostel leaderboard), its points tables or its bracket, as its tabs choose. The matches stay mounted
 * behind the other tabs, so their cards keep following the live channel.
 */
function TournamentMatches({ tournamentId, cards }: { tournamentId: string; cards: CardContext }) {
  const events = useEventList(tournamentId);
  // The home page usually loaded the list already: the tournament's title comes from its cache.
  const tournament = useTournamentList()?.find((t) => t._id === tournamentId);
  const { isAuthenticated } = useSession();
  // The board has code and data of its own, asked for once the matches are on screen (lib/after-paint.ts).
  const painted = usePaintedOnce();
  // While a table or bracket shows, the matches are hidden, not unmounted: their cards stay live.
  const [pictureShown, setPictureShown] = useState(false);
  return (
    <>
      <p className="page-subtitle">{tournament ? tournament.title : 'Pick a team and place your bid before the match starts.'}</p>
      <Suspense fallback={null}>
        <ShapeHeader tournamentId={tournamentId} />
      </Suspense>
      <div hidden={pictureShown}>
        <MatchList events={events} cards={cards} emptyText="Matches of this tournament show up here once they are scheduled." />
        {/* Below the matches: its code arrives after them, and above them it pushed the list down as it came. */}
        {isAuthenticated && (
          <Suspense fallback={null}>
            <TournamentReminder tournamentId={tournamentId} />
          </Suspense>
        )}
        {painted && (
          <Suspense fallback={null}>
            <HostelStandings tournamentId={tournamentId} />
          </Suspense>
        )}
      </div>
      <Suspense fallback={null}>
        <ShapePanel tournamentId={tournamentId} events={events} myBets={cards.myBets} onPlaceBid={cards.onPlaceBid} onShowing={setPictureShown} />
      </Suspense>
    </>
  );
}

/** The menu's 'Events', no tournament chosen: the upcoming matches of every tournament, a page at a time. */
function UpcomingEverywhere({ cards }: { cards: CardContext }) {
  const upcoming = useUpcomingEvents();
  const tournaments = useTournamentList();
  const tournamentTitle = (id: string) => tournaments?.find((t) => t._id === id)?.title ?? '';
  return (
    <>
      <p className="page-subtitle">Every tournament, soonest first.</p>
      <MatchList
        events={upcoming.events}
        cards={cards}
        tournamentTitle={tournamentTitle}
        emptyText="No match is coming up in any tournament right now."
        afterUpcoming={
          upcoming.hasMore && (
            <Button variant="secondary" block busy={upcoming.loadingMore} onClick={upcoming.loadMore}>
              Show more matches
            </Button>
          )
        }
      />
    </>
  );
}

interface MatchListProps {
  /** null while loading. */
  events: GameEvent[] | null;
  cards: CardContext;
  emptyText: string;
  /** Each card names its tournament (the list of every tournament's matches). */
  tournamentTitle?: (tournamentId: string) => string;
  afterUpcoming?: ReactNode;
}

/** About a phone screen of cards: the page's first frame paints these, and the rest follow in the next. */
const FIRST_FRAME_CARDS = 2;

function MatchList({ events, cards, emptyText, tournamentTitle, afterUpcoming }: MatchListProps) {
  // False in the list's first render, then true in a background render right after it: on a slow phone the
  // first frame (the title and the first screen of cards) is then a short task, not every card's render,
  // style and layout at once (docs/benchmarks.md).
  const showAll = useDeferredValue(true, false);
  if (events === null) return <SkeletonList label="Loading matches" rows={3} />;
  if (events.length === 0)
    return (
      <div className="card">
        <EmptyState icon={<CalendarIcon size={28} />} title="No Events found">
          <p>{emptyText}</p>
        </EmptyState>
      </div>
    );
  const { upcoming, results } = orderMatches(events);
  const card = (event: GameEvent) => (
    <div key={event._id} className="event-item">
      {tournamentTitle && <p className="event-tournament">{tournamentTitle(event.tournamentId)}</p>}
      <EventCard event={event} myBet={cards.myBets.get(event._id)} onPlaceBid={cards.onPlaceBid} />
    </div>
  );
  return (
    <>
      {upcoming.length > 0 ? (
        <div className="event-list">{(showAll ? upcoming : upcoming.slice(0, FIRST_FRAME_CARDS)).map(card)}</div>
      ) : (
        <p className="events-none-upcoming">No upcoming matches in this tournament.</p>
      )}
      {showAll && afterUpcoming}
      {showAll && results.length > 0 && (
        <section className="event-results" aria-labelledby="event-results-title">
          <h2 id="event-results-title" className="section-title">
            Results
          </h2>
          <div className="event-list">{results.map(card)}</div>
        </section>
      )}
    </>
  );
}
