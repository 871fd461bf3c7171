import { Link } from 'react-router-dom';
import type { Tournament } from '#shared/api.ts';
import { COUNTDOWN_REFRESH_MS, HOME_TAB_NAME, WIN_MULTIPLIER } from '#shared/constants.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon, CoinIcon, TrophyIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { eventsPath, PATHS } from '../../lib/paths.ts';
import { useSession, useTabName } from '../../lib/session/session-context.tsx';
import { prefetchTournamentList, useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { startsInText, useNow } from './countdown.ts';
import './tournaments.css';

/** The first cards are on screen as the page opens (the largest paint): their images load at once. */
const EAGER_IMAGES = 2;

function TournamentCard({ tournament, now, eager }: { tournament: Tournament; now: number; eager: boolean }) {
  const { eventCount } = tournament;
  return (
    <Link to={eventsPath(tournament._id)} className="card tournament-card">
      {tournament.previewImg ? (
        <img src={tournament.previewImg} alt="" width={320} height={180} loading={eager ? 'eager' : 'lazy'} />
      ) : (
        <span className="tournament-card-art" aria-hidden="true">
          <TrophyIcon size={56} />
        </span>
      )}
      <span className="tournament-card-title">{tournament.title}</span>
      <span className="tournament-card-count">
        {eventCount} ongoing {eventCount === 1 ? 'event' : 'events'}
      </span>
      <span className="tournament-card-countdown">
        <CalendarIcon size={16} />
        {startsInText(tournament.soonestEventTime, now)}
      </span>
    </Link>
  );
}

export const prefetch = prefetchTournamentList;

export default function HomePage() {
  useTabName(HOME_TAB_NAME);
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
      {tournaments === null ? (
        <LoadingBlock label="Loading tournaments" />
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
