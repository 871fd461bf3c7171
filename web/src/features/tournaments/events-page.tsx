import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { GameEvent, Team } from '#shared/api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { createBetPath, loginPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { prefetchEventList, useEventList } from '../../lib/game/get-event-list.ts';
import { prefetchTournamentList, useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { BettingModeDialog } from './betting-mode-dialog.tsx';
import { EventCard } from './event-card.tsx';
import './tournaments.css';

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
  const events = useEventList(tournamentId);
  // The home page usually loaded the list already: the tournament's title comes from its cache.
  const tournament = useTournamentList()?.find((t) => t._id === tournamentId);
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  // The last bid stays set while the popup fades out, so its text does not change as it closes.
  const [bid, setBid] = useState<Bid | null>(null);
  const [choosingMode, setChoosingMode] = useState(false);

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

  return (
    <div className="page page-narrow events-page">
      <h1 className="page-title">Upcoming Matches</h1>
      <p className="page-subtitle">{tournament ? tournament.title : 'Pick a team and place your bid before the match starts.'}</p>
      {events === null ? (
        <LoadingBlock label="Loading matches" />
      ) : events.length === 0 ? (
        <div className="card">
          <EmptyState icon={<CalendarIcon size={28} />} title="No Events found">
            <p>Matches of this tournament show up here once they are scheduled.</p>
          </EmptyState>
        </div>
      ) : (
        <div className="event-list">
          {events.map((event) => (
            <EventCard key={event._id} event={event} onPlaceBid={placeBid} />
          ))}
        </div>
      )}
      <BettingModeDialog
        open={choosingMode}
        teamName={bid?.team.teamName ?? ''}
        onClose={() => setChoosingMode(false)}
        onCoins={chooseCoins}
        onCash={chooseCash}
      />
    </div>
  );
}
