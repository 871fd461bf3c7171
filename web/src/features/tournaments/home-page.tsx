import { Suspense } from 'react';
import { Link } from '../../components/link.tsx';
import type { Tournament } from '#shared/api.ts';
import { COUNTDOWN_REFRESH_MS, WIN_MULTIPLIER } from '#shared/constants.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon, CoinIcon, TrophyIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { eventsPath, PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { prefetchTournamentList, useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { useNow } from './countdown.ts';
import { tournamentStatus } from './tournament-status.ts';
import { stageSummary } from './shape/shape-text.ts';
import { DailyCoinsOffer } from './daily-coins-offer-lazy.ts';
import './tournaments.css';


/** The first cards are on screen as the page opens (the largest paint): their images load at once. */
const EAGER_IMAGES = 2;

interface CardProps {
  tournament: Tournament;
  now: number;
  eager: boolean;
}

function TournamentCard({ tournament, now, eager }: CardProps) {
  const status = tournamentStatus(tournament, now);
  // A badge over the picture (tournaments.css), so it never pushes the cards below.
  const stage = stageSummary(tournament.stage, tournament.soonestEventTime, now, tournament.formatKind);
  return (
    <Link to={eventsPath(tournament._id)} className={`card tournament-card is-${status.kind}`}>
      {tournament.previewImg ? (
        <img src={tournament.previewImg} alt="" width={320} height={180} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} />
      ) : (
        <span className="tournament-card-art" aria-hidden="true">
          <TrophyIcon size={56} />
        </span>
      )}
      <span className="tournament-card-title">{tournament.title}</span>
      {stage && (
        <span className="tournament-card-stage">
          <span>{stage}</span>
        </span>
      )}
      {status.kind === 'upcoming' ? (
        <>
          <span className="tournament-card-count">{status.count}</span>
          {status.breakdown && <span className="tournament-card-breakdown">{status.breakdown}</span>}
          <span className="tournament-card-countdown">
            <CalendarIcon size={16} />
            {status.countdown}
          </span>
        </>
      ) : (
        <span className="tournament-card-countdown">{status.text}</span>
      )}
    </Link>
  );
}

/** The tournament grid's shape while it loads: a picture and two lines per card. */
function TournamentGridSkeleton() {
  return (
    <div className="tournament-grid" role="status" aria-busy="true" aria-label="Loading tournaments" data-testid="skeleton">
      {[0, 1].map((card) => (
        <div key={card} className="card tournament-card" aria-hidden="true">
          <span className="tournament-card-art-skeleton">
            <Skeleton height="100%" />
          </span>
          <Skeleton width="60%" height="1.1em" />
          <Skeleton height="2.2em" />
        </div>
      ))}
    </div>
  );
}

/** The first cards' pictures: hinted to the browser as soon as the list arrives, not when the page renders. */
function preloadEagerImages(tournaments: Tournament[]) {
  for (const { previewImg } of tournaments.slice(0, EAGER_IMAGES)) {
    if (previewImg) document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: previewImg, fetchPriority: 'high' }));
  }
}

// The list itself is asked for by the route manifest (`firstData`); this takes the same request's answer.
export const prefetch = () => prefetchTournamentList(preloadEagerImages);

export default function HomePage() {
  const { isAuthenticated } = useSession();
  const tournaments = useTournamentList();
  const now = useNow(COUNTDOWN_REFRESH_MS);

  return (
    <div className="page">
      <section className="hero">
        <div className="hero-art" aria-hidden="true">
          <TrophyIcon size={96} />
          <CoinIcon size={44} className="hero-coin hero-coin-1" />
          <CoinIcon size={32} className="hero-coin hero-coin-2" />
        </div>
        <h1>Back your team. Win bragging rights.</h1>
        <p>
          Bet play coins on hostel and campus matches. Winners get {WIN_MULTIPLIER}× their stake and a trophy.
        </p>
        {!isAuthenticated && (
          <div className="hero-actions">
            <Link to={PATHS.registration} className="btn btn-primary">
              Create account
            </Link>
            <Link to={PATHS.login} className="btn btn-secondary">
              Log in
            </Link>
          </div>
        )}
      </section>

      <h2 className="section-title">Tournaments</h2>
      {isAuthenticated && (
        <Suspense fallback={null}>
          <DailyCoinsOffer />
        </Suspense>
      )}
      {tournaments === null ? (
        <TournamentGridSkeleton />
      ) : tournaments.length === 0 ? (
        <div className="card">
          <EmptyState icon={<TrophyIcon size={28} />} title="No tournaments found!">
            <p>New tournaments appear here as soon as organisers open them.</p>
          </EmptyState>
        </div>
      ) : (
        <div className="tournament-grid">
          {tournaments.map((tournament, index) => (
            <TournamentCard key={tournament._id} tournament={tournament} now={now} eager={index < EAGER_IMAGES} />
          ))}
        </div>
      )}
    </div>
  );
}
