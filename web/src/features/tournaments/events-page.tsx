import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { GameEvent, Team } from '#shared/api.ts';
import { deviceTimeZone } from '#shared/format.ts';
import { SkeletonList } from '../../components/skeleton.tsx';
import { createBetPath, loginPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import { toast } from '../../lib/toast.ts';
import { usePaintedOnce } from '../../lib/after-paint.ts';
import { useEventList } from '../../lib/game/get-event-list.ts';
import { useMyBets } from '../../lib/game/get-my-bets.ts';
import { useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { DailyCoinsOffer } from './daily-coins-offer-lazy.ts';
import { type CardContext, MatchList } from './match-list.tsx';
import { isTournamentFinished } from './match-order.ts';
import './tournaments.css';

// The hostel leaderboard sits below the matches and shows nothing until its own data has come: its code,
// then its data, load after the page's first paint.
const HostelStandings = lazy(() =>
  import('./hostel-standings.tsx').then(
    (m) => ({ default: m.HostelStandings }),
    () => ({ default: () => null }), // the code did not arrive: no leaderboard, as when there are no hostels
  ),
);

// The tournament's stage, its tabs and its table or bracket: a chunk of their own, asked for
// as the page's code arrives, then its data (prefetch, below), so the page's first JavaScript stays in its budget.
const shapeChunk = () => import('./shape/tournament-shape.tsx');
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

// Every tournament's list (no tournament chosen) pages with SWR's paging: a chunk of its own, asked for
// by the prefetch below, so a tournament's page loads none of it.
const everywhereChunk = () => import('./upcoming-everywhere.tsx');
const UpcomingEverywhere = lazy(() => everywhereChunk().then((m) => ({ default: m.UpcomingEverywhere })));

interface Bid {
  event: GameEvent;
  team: Team;
}

/** The page's data is asked for by the route manifest (`firstData`), while this code downloads. */
export function prefetch(search: URLSearchParams) {
  const tournamentId = search.get('tournamentId');
  if (tournamentId) void shapeChunk().then((m) => m.prefetchTournamentShape(tournamentId), () => {});
  else void everywhereChunk().catch(() => {}); // the render reports a failure
  // The cards' dates need the page's first Intl formatter, whose locale and zone data cost tens of ms on
  // a slow phone: built now, in a task of its own while the lists are on their way, not in the cards' render.
  setTimeout(deviceTimeZone, 0);
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

  const cards: CardContext = { myBets, signedIn: isAuthenticated === true, onPlaceBid: placeBid };
  const preloadBettingMode = () => void bettingModeDialog.preload().catch(() => {});
  // The bracket is wide: on a laptop it gets the wide page, so a 16-team one shows whole.
  const wide = tournamentId !== null && searchParams.get('view') === 'bracket';
  return (
    <div className={`page ${wide ? '' : 'page-narrow '}events-page`} onPointerDown={isAuthenticated ? preloadBettingMode : undefined}>
      <h1 className="page-title">Upcoming Matches</h1>
      {/* Two pages in one address: only the chosen one's data hooks are set up. */}
      {tournamentId ? (
        <TournamentMatches tournamentId={tournamentId} cards={cards} />
      ) : (
        <Suspense fallback={<SkeletonList label="Loading matches" rows={3} />}>
          <UpcomingEverywhere cards={cards} />
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

/**
 * One tournament's page: its stage and what is next, then its matches (with its reminder switch and its
 * hostel leaderboard), its points tables or its bracket, as its tabs choose. The matches stay mounted
 * behind the other tabs, so their cards keep following the live channel.
 */
function TournamentMatches({ tournamentId, cards }: { tournamentId: string; cards: CardContext }) {
  const events = useEventList(tournamentId);
  // The home page usually loaded the list already: the tournament's title comes from its cache.
  const tournaments = useTournamentList();
  const tournament = tournaments?.find((t) => t._id === tournamentId);
  const { isAuthenticated } = useSession();
  // The board has code and data of its own, asked for once the matches are on screen (lib/after-paint.ts).
  const painted = usePaintedOnce();
  // While a table or bracket shows, the matches are hidden, not unmounted: their cards stay live.
  const [pictureShown, setPictureShown] = useState(false);
  return (
    <>
      {/* One blank line while the title loads: the two-line fallback in its place moved the cards up as the title came, under a thumb about to tap Place bid. */}
      <p className="page-subtitle">{tournament ? tournament.title : tournaments === null ? '\u00a0' : 'Pick a team and place your bid before the match starts.'}</p>
      <Suspense fallback={null}>
        <ShapeHeader tournamentId={tournamentId} matchesDecided={events !== null && isTournamentFinished(events)} />
      </Suspense>
      <div hidden={pictureShown}>
        {isAuthenticated && (
          <Suspense fallback={null}>
            <DailyCoinsOffer />
          </Suspense>
        )}
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

