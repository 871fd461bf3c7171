import { lazy, memo, Suspense, type ComponentType } from 'react';
import type { CardBet, GameEvent, Team } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { Button } from '../../components/button.tsx';
import { CalendarIcon, Icon, ShareIcon, TrophyIcon, type IconProps } from '../../components/icons.tsx';
import { formatCount } from '../../lib/format-number.ts';
import { useLiveEvent } from '../../lib/realtime/live-events.ts';
import { countdownText, useRenderAt, useSecondClock } from './countdown-clock.ts';
import { eventStatus, type EventStatus } from '../../lib/game/event-status.ts';
import type { PostponedProps, ScoreLineProps } from './event-scoring.tsx';
import type { ViewerLinesProps } from './viewer-lines.tsx';
import './live-card.css';

// A card's score, result and postponement: their own chunk, loaded by the cards that have one only, so the
// matches page's first load stays in its budget. Until it comes (or if it does not), the card reads as
// it did before scores.
const scoring = () => import('./event-scoring.tsx');
const ScoreLine = lazy<ComponentType<ScoreLineProps>>(() =>
  scoring().then(
    (m) => ({ default: m.ScoreLine }),
    () => ({ default: ({ children }) => children }),
  ),
);
const Postponed = lazy<ComponentType<PostponedProps>>(() =>
  scoring().then(
    (m) => ({ default: m.Postponed }),
    () => ({ default: () => null }),
  ),
);

// The signed-in viewer's lines (their bet, their groups' picks): a chunk of their own, as each waits on a
// request of its own anyway. Until it comes (or if it does not), the card shows neither.
const ViewerLines = lazy<ComponentType<ViewerLinesProps>>(() =>
  import('./viewer-lines.tsx').then(
    (m) => ({ default: m.ViewerLines }),
    () => ({ default: () => null }),
  ),
);

/** A match's venue. Only the cards show it: it loads with them, not with the app's shell (components/icons.tsx). */
const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');

interface TeamSideProps {
  team: Team;
  side: 'home' | 'away';
  isWinner: boolean;
  /** Present while betting is open. */
  onPlaceBid?: () => void;
}

function TeamSide({ team, side, isWinner, onPlaceBid }: TeamSideProps) {
  const members = team.members.map((member) => member.name).join(', ');
  return (
    <div className={`team-side team-side-${side}${isWinner ? ' is-winner' : ''}`}>
      <span className="team-crest" aria-hidden="true">
        {initials(team.teamName)}
        {isWinner && <TrophyIcon size={16} className="team-crest-trophy" />}
      </span>
      <h2 className="team-name">{team.teamName}</h2>
      {team.teamRank !== null && <span className="team-rank">Rank #{team.teamRank}</span>}
      {members && <p className="team-members">{members}</p>}
      {onPlaceBid && (
        <Button className="btn-small team-bid" onClick={onPlaceBid} aria-label={`Place bid on ${team.teamName}`}>
          Place bid
        </Button>
      )}
    </div>
  );
}

interface EventCardProps {
  event: GameEvent;
  /** The signed-in viewer's bet on it (the page asks for all of them at once). */
  myBet: CardBet | undefined;
  /** Signed in: the event ids of the card's list, comma-separated, for its groups' picks once betting closes. */
  picksOf?: string;
  onPlaceBid: (event: GameEvent, team: Team) => void;
}

/** Each team's share of the event's bettors, live (no per-bet counter: docs/architecture.md). */
function CrowdSplit({ teams, bettors, isOpen }: { teams: Team[]; bettors: Record<string, number> | undefined; isOpen: boolean }) {
  const counts = teams.map((team) => bettors?.[team._id] ?? 0);
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return <p className="crowd-split crowd-split-empty">{isOpen ? 'No bets yet: be the first to back a team' : 'Nobody bet on this match'}</p>;
  const shares = counts.map((n) => Math.round((n / total) * 100));
  const label = teams.map((team, i) => `${shares[i]}% ${team.teamName}`).join(', ');
  return (
    <div className="crowd-split" role="group" aria-label={`Crowd split: ${label}, of ${total} ${total === 1 ? 'bettor' : 'bettors'}`}>
      <div className="crowd-split-bar" aria-hidden="true">
        <span className="crowd-split-home" style={{ width: `${(counts[0] / total) * 100}%` }} />
        <span className="crowd-split-away" />
      </div>
      <p className="crowd-split-legend" aria-hidden="true">
        <span>{shares[0]}%</span>
        <span className="crowd-split-total">
          {formatCount(total)} {total === 1 ? 'bettor' : 'bettors'}
        </span>
        <span>{shares[1]}%</span>
      </p>
    </div>
  );
}

/** The live countdown to the match: the only part of the card that changes every second. */
function Countdown({ startTime }: { startTime: string }) {
  const countdown = countdownText(startTime, useSecondClock());
  return (
    countdown && (
      <span className="event-countdown" role="timer" aria-label={countdown}>
        {countdown}
      </span>
    )
  );
}

/**
 * One match: time, a live countdown, both teams around the versus mark, the crowd split, the viewer's
 * own bet and its betting state (spec §2 Events), its score while played and its result, kept live over the WebSocket; 'Place bid' gives way to
 * the closed state at the start time, to the second. Memoised: it renders again when its own data
 * changes, not with every render of the page.
 */
export const EventCard = memo(function EventCard({ event: listed, myBet, picksOf, onPlaceBid }: EventCardProps) {
  const { event, bettors } = useLiveEvent(listed);
  useRenderAt(event.time);
  const status = eventStatus(event);
  // A match has two teams; drawn defensively, a side without one is left out.
  const home = event.teams.at(0);
  const away = event.teams.at(1);
  const time = formatTimeWithZone(event.time);
  const matchName = event.teams.map((team) => team.teamName).join(' vs ');
  const sideProps = (team: Team) => ({
    team,
    isWinner: status.kind === 'over' && status.winner._id === team._id,
    onPlaceBid: status.kind === 'open' && !myBet ? () => onPlaceBid(event, team) : undefined,
  });
  const stateLine = <StateLine status={status} time={time} />;
  // Friends' picks only once betting has closed (the server answers nothing sooner either).
  const picksShown = status.kind === 'open' || status.kind === 'paused' ? undefined : picksOf;
  // A returned stake leaves the crowd split (a refund counts -1): on a void, drawn or walked-over match
  // the split would say 'Nobody bet on this match' beside the bets it returned.
  const stakesReturned = status.kind === 'void' || status.kind === 'drawn' || event.result?.kind === 'walkover';
  // Sharing's code comes at the tap, a small chunk well within the tap's activation that the share sheet
  // needs: the matches page's first load stays in its budget.
  const share = () =>
    void import('../../lib/share.ts').then(
      ({ shareLink }) => shareLink({ title: matchName, text: `${matchName} at ${time}: place your bid on Bet, Play, Win`, url: `/events?tournamentId=${event.tournamentId}#event-${event._id}` }),
      () => {}, // the code did not arrive (offline, not cached yet): the tap does nothing this time
    );

  return (
    <article id={`event-${event._id}`} className={`card event-card event-${status.kind}`} aria-label={event.teams.map((team) => team.teamName).join(' versus ')}>
      <div className="event-card-top">
        <p className="event-when">
          <CalendarIcon size={16} />
          <time dateTime={event.time}>
            {time} · {formatDate(event.time)}
          </time>
        </p>
        {(status.kind === 'open' || status.kind === 'paused') && <Countdown startTime={event.time} />}
        <button type="button" className="event-share" onClick={share} aria-label={`Share ${matchName}`}>
          <ShareIcon size={18} />
        </button>
        {event.postponedFrom && (
          <Suspense fallback={null}>
            <Postponed from={event.postponedFrom} to={event.time} />
          </Suspense>
        )}
        {event.venue && (
          <p className="event-venue">
            <PinIcon size={16} />
            <span>{event.venue}</span>
          </p>
        )}
      </div>
      <div className="event-teams">
        {home && <TeamSide side="home" {...sideProps(home)} />}
        <div className="versus" aria-hidden="true">
          <span className="versus-ring" />
          <span className="versus-mark">VS</span>
        </div>
        {away && <TeamSide side="away" {...sideProps(away)} />}
      </div>
      {!stakesReturned && <CrowdSplit teams={event.teams} bettors={bettors} isOpen={status.kind === 'open'} />}
      {(myBet || picksShown) && (
        <Suspense fallback={null}>
          {/* Mounted again as the match starts and is decided: its groups' picks are asked for again. */}
          <ViewerLines key={status.kind} bet={myBet} teams={event.teams} eventId={event._id} picksOf={picksShown} />
        </Suspense>
      )}
      {event.result || event.liveScore ? (
        <Suspense fallback={stateLine}>
          <ScoreLine event={event} status={status}>
            {stateLine}
          </ScoreLine>
        </Suspense>
      ) : (
        stateLine
      )}
    </article>
  );
});

/** The line under a card for its state, as it reads without a score: a winner, called off, paused, started. */
function StateLine({ status, time }: { status: EventStatus; time: string }) {
  return (
    <>
      {(status.kind === 'over' || status.kind === 'drawn') && (
        <p className="event-result event-result-over">
          {status.kind === 'over' && <TrophyIcon size={22} className="event-result-trophy" />}
          <span>
            <strong>Match Over</strong>
            {status.kind === 'over' && ` · Winner: ${status.winner.teamName}`}
          </span>
        </p>
      )}
      {status.kind === 'void' && (
        <p className="event-result event-result-paused">
          <strong>Match called off</strong>
          <span>Every stake was refunded</span>
        </p>
      )}
      {status.kind === 'paused' && (
        <p className="event-result event-result-paused">
          <strong>OOps!! Bet paused</strong>
          <span>Match at {time}</span>
        </p>
      )}
      {status.kind === 'closed' && (
        <p className="event-result event-result-closed" role="status">
          <strong>Betting closed</strong>
          <span>The match has started</span>
        </p>
      )}
    </>
  );
}
