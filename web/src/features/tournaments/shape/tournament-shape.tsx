// A tournament's shape on its page, a chunk of its own so that the page's first
// JavaScript stays in its budget: at the top, its stage and what is next and the tabs
// between its matches, its points tables and its bracket, showing only what its format has (no bracket
// for a league, no table for a knockout); under them, the chosen table or bracket. The page keeps its
// matches and hides them while a table or bracket shows. Both read the shape (one request, SWR), kept live.
// Above the table or bracket, the way to the cup pool, read once (a tournament without one shows nothing).
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CardBet, GameEvent, ShapeMatch, Team, TournamentPool, TournamentShape } from '#shared/api.ts';
import { SkeletonList } from '../../../components/skeleton.tsx';
import { TabLinks } from '../../../components/tab-links.tsx';
import { TrophyIcon } from '../../../components/icons.tsx';
import { poolPath, useTournamentPool } from '../../../lib/game/get-tournament-pool.ts';
import { useTournamentShape } from '../../../lib/game/get-tournament-shape.ts';
import { eventsPath, TOURNAMENT_VIEWS, type TournamentView } from '../../../lib/paths.ts';
import { useLiveTournamentShape } from '../../../lib/realtime/live-tournament.ts';
import { useNow } from '../countdown.ts';
import { toast } from '../../../lib/toast.ts';
import type { BracketPool } from './bracket.tsx';
import { PoolCard } from './pool-card.tsx';
import { FINISHED_STAGE, finishedLine, stageLine, waitingText } from './shape-text.ts';
// The stage line's look comes with it: on the matches tab no table or bracket brought it.
import './shape.css';

// Each picture's code loads when its tab is opened.
const Standings = lazy(() => import('./standings-table.tsx').then((m) => ({ default: m.Standings })));
const Bracket = lazy(() => import('./bracket.tsx').then((m) => ({ default: m.Bracket })));

const VIEW_LABELS: Record<TournamentView, string> = { matches: 'Matches', table: 'Table', bracket: 'Bracket' };

export { prefetchTournamentShape } from '../../../lib/game/get-tournament-shape.ts';

/** A minute's clock is enough for 'Today 18:00' and 'Started'. */
const CLOCK_MS = 60_000;

/** The views the tournament has: its matches always, a table with standings, a bracket with a knockout. */
export function shapeViews(shape: TournamentShape | null): TournamentView[] {
  if (!shape) return ['matches'];
  return TOURNAMENT_VIEWS.filter(
    (view) => view === 'matches' || (view === 'table' && shape.standings.length > 0) || (view === 'bracket' && (shape.bracket?.rounds.length ?? 0) > 0),
  );
}

/** The tournament's shape, and the view the address asks for when the tournament has it (else its matches). */
function useShapeView(tournamentId: string) {
  const shape = useTournamentShape(tournamentId);
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('view');
  const view = shapeViews(shape).find((each) => each === asked) ?? 'matches';
  return { shape, view };
}

export interface ShapeHeaderProps {
  tournamentId: string;
  /** Every match of the tournament is decided (the page's match list says so). */
  matchesDecided: boolean;
}

/**
 * Above the matches: the stage line and the tabs. It keeps the shape live while the page is open. A
 * finished tournament says so, with its champion, in the champion's colours: never a line that reads as
 * live. The shape's stage says it for a generated format; a tournament scheduled match by match has no
 * stage, and is finished when its matches are.
 */
export function ShapeHeader({ tournamentId, matchesDecided }: ShapeHeaderProps) {
  useLiveTournamentShape(tournamentId);
  const { shape, view } = useShapeView(tournamentId);
  const now = useNow(CLOCK_MS);
  if (!shape) return null;
  const views = shapeViews(shape);
  const finished = shape.stage === FINISHED_STAGE || (shape.stage === null && matchesDecided);
  const line = finished ? finishedLine(shape.champion) : stageLine(shape, now);
  return (
    <>
      {line && (
        <p className={finished ? 'shape-stage is-finished' : 'shape-stage'} data-testid="tournament-stage">
          <TrophyIcon size={18} />
          <span>{line}</span>
        </p>
      )}
      {views.length > 1 && <TabLinks label="Tournament" tabs={views.map((each) => ({ to: eventsPath(tournamentId, each), label: VIEW_LABELS[each], isCurrent: each === view }))} />}
    </>
  );
}

export interface ShapePanelProps {
  tournamentId: string;
  /** The page's match list (null while loading): a team tapped in the bracket is bet on through its event. */
  events: GameEvent[] | null;
  myBets: Map<string, CardBet>;
  onPlaceBid: (event: GameEvent, team: Team) => void;
  /** Told whether a table or bracket shows, for the page to hide its matches meanwhile. */
  onShowing: (showing: boolean) => void;
}

/** Frames a tapped match's card is waited for: the matches list renders after the view changes, later on a busy phone. */
const CARD_WAIT_FRAMES = 180;

/** Scrolls the card into view once it is on the page (looked for each frame, for CARD_WAIT_FRAMES at most). */
function bringCardIntoView(id: string, framesLeft = CARD_WAIT_FRAMES) {
  requestAnimationFrame(() => {
    const card = document.getElementById(id);
    if (card) card.scrollIntoView({ block: 'center' });
    else if (framesLeft > 0) bringCardIntoView(id, framesLeft - 1);
  });
}

/** Under the tabs: the chosen points tables or bracket, or nothing when the matches are chosen. */
export function ShapePanel({ tournamentId, events, myBets, onPlaceBid, onShowing }: ShapePanelProps) {
  const { shape, view } = useShapeView(tournamentId);
  const now = useNow(CLOCK_MS);
  const navigate = useNavigate();
  // A match tapped in the bracket: its card, brought into view once the page shows the matches again.
  const cardToShow = useRef<string | null>(null);
  useEffect(() => {
    onShowing(view !== 'matches');
    const eventId = cardToShow.current;
    if (view !== 'matches' || !eventId) return;
    cardToShow.current = null;
    bringCardIntoView(`event-${eventId}`);
  }, [view, onShowing]);
  useEffect(() => () => onShowing(false), [onShowing]);
  // Only a generated format has a pool: no request for the others.
  const { data: pool, isLoading: poolLoading } = useTournamentPool(view !== 'matches' && shape?.format ? tournamentId : null, { live: false });

  if (!shape || view === 'matches') return null;
  const poolCard = pool && <PoolCard pool={pool} />;
  // Held until the pool is read: its card landing above later would push the bracket's opening view (the
  // champion, the round being played) down out of the screen.
  if (poolLoading) return <SkeletonList label={view === 'table' ? 'Loading the table' : 'Loading the bracket'} rows={3} />;
  if (view === 'table') {
    return (
      <Suspense fallback={<SkeletonList label="Loading the table" rows={3} />}>
        {poolCard}
        <Standings
          tables={shape.standings}
          tieBreak={shape.tieBreak}
          sport={shape.sport}
          advancePerGroup={shape.format?.kind === 'groups-knockout' ? shape.format.advancePerGroup : undefined}
        />
        <Seeding seeds={shape.seeds} />
      </Suspense>
    );
  }
  const showMatch = (eventId: string) => {
    // A match still waiting for its teams has no card to show: what it waits for, and when it is due.
    const waiting = waitingText(shape, eventId);
    if (waiting) {
      toast.info(waiting);
      return;
    }
    cardToShow.current = eventId;
    void navigate(eventsPath(tournamentId), { replace: true });
  };
  // A team tapped in the bracket is bet on as its card's 'Place bid' would.
  const betOn = (eventId: string, team: Team) => {
    const event = events?.find((each) => each._id === eventId) ?? shapeEvent(shape, eventId);
    if (event) onPlaceBid(event, team);
  };
  const canBet = (match: ShapeMatch) => match.eventId !== null && !myBets.has(match.eventId);
  const openInPool = (team: Team) => void navigate(poolPath(tournamentId, team._id));
  return (
    shape.bracket && (
      <Suspense fallback={<SkeletonList label="Loading the bracket" rows={3} />}>
        {poolCard}
        <Bracket
          bracket={shape.bracket}
          champion={shape.champion}
          now={now}
          canBet={canBet}
          onBet={betOn}
          onShowMatch={showMatch}
          pool={pool && bracketPool(pool, openInPool)}
        />
        <Seeding seeds={shape.seeds} />
      </Suspense>
    )
  );
}

/** The pool as the bracket shows it: the shares while it takes stakes, the champion's backers once shared. */
function bracketPool(pool: TournamentPool, onOpenTeam: (team: Team) => void): BracketPool {
  return {
    shares: new Map(pool.status === 'open' ? pool.teams.map((entry) => [entry.team._id, entry.share]) : []),
    championBackers: pool.status === 'shared' ? (pool.championBackers ?? 0) : null,
    onOpenTeam,
  };
}

/** The seeding the format was published with, best first: who the organiser ranked where. */
function Seeding({ seeds }: { seeds: Team[] }) {
  if (seeds.length === 0) return null;
  return (
    <details className="shape-seeding">
      <summary>Seeding: {seeds.length} teams, best first</summary>
      <ol>
        {seeds.map((team) => (
          <li key={team._id}>{team.teamName}</li>
        ))}
      </ol>
    </details>
  );
}

/** A bracket match as an event to bet on, when the match list has not come (or not listed it yet). */
function shapeEvent(shape: TournamentShape, eventId: string): GameEvent | undefined {
  const match = shape.bracket?.rounds.flatMap((round) => round.matches).find((each) => each.eventId === eventId);
  if (!match?.time || !('team' in match.home) || !('team' in match.away)) return undefined;
  return { _id: eventId, tournamentId: shape.tournamentId, time: match.time, teams: [match.home.team, match.away.team], isBetActive: match.isBetActive, winnerTeam: {} };
}
