// A match card's score lines (event-card.tsx loads them with the cards that have one): its result with the
// score, its live score while played, and the time it was moved from.
import type { ReactNode } from 'react';
import type { GameEvent } from '#shared/api.ts';
import { TrophyIcon } from '../../components/icons.tsx';
import type { EventStatus } from '../../lib/game/event-status.ts';
import { postponedLine, resultLine, scoreText } from '../../lib/game/match-score.ts';

export interface ScoreLineProps {
  event: GameEvent;
  status: EventStatus;
  /** The card's line without a score: kept where a score adds nothing (a win with no score, a plain void). */
  children: ReactNode;
}

/**
 * A decided match's result ('Match Over · Tapti 2–1 Ganga', with how a level one was settled under it), or
 * the score while it is played: 'Live · Tapti 2–1 Ganga', the score large, each change read out whole.
 */
export function ScoreLine({ event, status, children }: ScoreLineProps) {
  const [home, away] = [event.teams.at(0)?.teamName ?? '', event.teams.at(1)?.teamName ?? ''];
  const note = event.result?.note && <span className="event-result-note">{event.result.note}</span>;
  if (status.kind === 'over' || status.kind === 'drawn') {
    const winner = status.kind === 'over' ? status.winner.teamName : undefined;
    return (
      <p className="event-result event-result-over">
        {winner && <TrophyIcon size={22} className="event-result-trophy" />}
        <span>
          <strong>Match Over</strong> · {resultLine(event.result, home, away, winner) ?? `Winner: ${winner}`}
        </span>
        {note}
      </p>
    );
  }
  if (status.kind === 'void') {
    return (
      <p className="event-result event-result-paused">
        <strong>Match called off</strong>
        <span>{resultLine(event.result, home, away, undefined) ?? 'Every stake was refunded'}</span>
        {note}
      </p>
    );
  }
  if (!event.liveScore) return children;
  return (
    <p className="event-result event-live" role="status" aria-atomic="true">
      <strong className="event-live-mark">Live</strong>
      <span aria-hidden="true">·</span>
      <span className="event-live-team">{home}</span>
      <span className="event-live-score">{scoreText(event.liveScore)}</span>
      <span className="event-live-team">{away}</span>
    </p>
  );
}

export interface PostponedProps {
  from: string;
  to: string;
}

/** 'Postponed from 16:00 IST', under the match's new time. */
export const Postponed = ({ from, to }: PostponedProps) => <p className="event-postponed">{postponedLine(from, to)}</p>;
