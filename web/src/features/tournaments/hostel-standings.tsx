// A tournament's hostel leaderboard (bets won by each hostel's members), shown on its events page when
// its organisers have marked hostels.
import { TrophyIcon } from '../../components/icons.tsx';
import { formatCount } from '../../lib/format-number.ts';
import { sharedPlaces } from '../../lib/places.ts';
import { useHostelLeaderboard } from '../../lib/groups/hostels.ts';
import '../../components/group-board.css';

export function HostelStandings({ tournamentId }: { tournamentId: string }) {
  const rows = useHostelLeaderboard(tournamentId);
  if (!rows || rows.length === 0) return null;
  // Hostels with as many bets won share a place (lib/places.ts), as on every board.
  const places = sharedPlaces(rows, (a, b) => a.trophy === b.trophy);
  return (
    <section className="card hostel-card" aria-labelledby="hostel-standings">
      <h2 id="hostel-standings" className="hostel-title">
        Hostel leaderboard
      </h2>
      <ol className="group-board" aria-label="Hostels by bets won">
        {rows.map((row, index) => (
          <li key={`${index}-${row.name}`} className="group-board-row hostel-row">
            <span className="group-board-rank">#{places[index]}</span>
            <span className="group-board-name">
              {row.name}
              <span className="hostel-members">
                {formatCount(row.memberCount)} {row.memberCount === 1 ? 'member' : 'members'}
              </span>
            </span>
            <span className="group-board-trophies">
              <TrophyIcon size={16} />
              {formatCount(row.trophy)}
              <span className="visually-hidden"> bets won</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
