import type { GameEvent, Team } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { Button } from '../../components/button.tsx';
import { CalendarIcon, TrophyIcon } from '../../components/icons.tsx';
import { eventStatus } from './event-status.ts';

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
  onPlaceBid: (event: GameEvent, team: Team) => void;
}

/** One match: time, both teams around the versus mark, and its betting state (spec §2 Events). */
export function EventCard({ event, onPlaceBid }: EventCardProps) {
  const status = eventStatus(event);
  const [home, away] = event.teams;
  const time = formatTimeWithZone(event.time);
  const sideProps = (team: Team) => ({
    team,
    isWinner: status.kind === 'over' && status.winner._id === team._id,
    onPlaceBid: status.kind === 'open' ? () => onPlaceBid(event, team) : undefined,
  });

  return (
    <article className={`card event-card event-${status.kind}`} aria-label={event.teams.map((team) => team.teamName).join(' versus ')}>
      <p className="event-when">
        <CalendarIcon size={16} />
        <time dateTime={event.time}>
          {time} · {formatDate(event.time)}
        </time>
      </p>
      <div className="event-teams">
        {home && <TeamSide side="home" {...sideProps(home)} />}
        <div className="versus" aria-hidden="true">
          <span className="versus-ring" />
          <span className="versus-mark">VS</span>
        </div>
        {away && <TeamSide side="away" {...sideProps(away)} />}
      </div>
      {status.kind === 'over' && (
        <p className="event-result event-result-over">
          <TrophyIcon size={22} className="event-result-trophy" />
          <span>
            <strong>Match Over</strong> · Winner: {status.winner.teamName}
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
    </article>
  );
}
