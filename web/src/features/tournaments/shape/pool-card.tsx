// The way from a tournament's table or bracket to its cup pool: 'Who lifts the cup?' with what the pool
// holds and when it closes, or what became of it.
import type { TournamentPool } from '#shared/api.ts';
import { formatDateTime } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { TrophyIcon } from '../../../components/icons.tsx';
import { Link } from '../../../components/link.tsx';
import { poolPath } from '../../../lib/game/get-tournament-pool.ts';
import { coinCount, poolStatusLine } from '../../../lib/game/pool-text.ts';

export function PoolCard({ pool }: { pool: TournamentPool }) {
  return (
    <Link to={poolPath(pool.tournamentId)} className="card pool-card">
      <TrophyIcon size={24} />
      <span className="pool-card-text">
        <span className="pool-card-title">{MSG.poolTitle}</span>
        <span className="pool-card-line">
          {pool.status === 'open' ? `${coinCount(pool.total)} in the pool · ` : ''}
          {poolStatusLine(pool, formatDateTime)}
        </span>
      </span>
      <span className="pool-card-go" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
