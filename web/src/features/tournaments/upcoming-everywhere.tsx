// The menu's 'Events' with no tournament chosen: every tournament's upcoming matches, a page at a time.
// Its own chunk (with SWR's paging), asked for by the page's prefetch: a tournament's page needs none of it.
import { Suspense } from 'react';
import { Button } from '../../components/button.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { useTournamentList } from '../../lib/game/get-tournament-list.ts';
import { useUpcomingEvents } from '../../lib/game/get-upcoming-events.ts';
import { DailyCoinsOffer } from './daily-coins-offer-lazy.ts';
import { type CardContext, MatchList } from './match-list.tsx';

/** The menu's 'Events', no tournament chosen: the upcoming matches of every tournament, a page at a time. */
export function UpcomingEverywhere({ cards }: { cards: CardContext }) {
  const { isAuthenticated } = useSession();
  const upcoming = useUpcomingEvents();
  const tournaments = useTournamentList();
  const tournamentTitle = (id: string) => tournaments?.find((t) => t._id === id)?.title ?? '';
  return (
    <>
      <p className="page-subtitle">Every tournament, soonest first.</p>
      {isAuthenticated && (
        <Suspense fallback={null}>
          <DailyCoinsOffer />
        </Suspense>
      )}
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

