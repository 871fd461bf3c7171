// A list of matches as cards, upcoming first, then the decided ones under Results: one tournament's
// (events-page.tsx) or every tournament's (upcoming-everywhere.tsx).
import { useDeferredValue, type ReactNode } from 'react';
import type { CardBet, GameEvent, Team } from '#shared/api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon } from '../../components/icons.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { EventCard } from './event-card.tsx';
import { orderMatches } from './match-order.ts';

/** What every card of the page shares: the viewer's bets (one request for all cards) and the bid action. */
export interface CardContext {
  myBets: Map<string, CardBet>;
  /** The cards show how the viewer's groups picked (one request per list). */
  signedIn: boolean;
  onPlaceBid: (event: GameEvent, team: Team) => void;
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

export function MatchList({ events, cards, emptyText, tournamentTitle, afterUpcoming }: MatchListProps) {
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
  const picksOf = cards.signedIn ? events.map((event) => event._id).join() : undefined;
  const card = (event: GameEvent) => (
    <div key={event._id} className="event-item">
      {tournamentTitle && <p className="event-tournament">{tournamentTitle(event.tournamentId)}</p>}
      <EventCard event={event} myBet={cards.myBets.get(event._id)} picksOf={picksOf} onPlaceBid={cards.onPlaceBid} />
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
