// The entries of an event's History (event-history.tsx), loaded with the code that shows them when the
// History is first opened.
import type { EventAuditAction, GameEvent } from '#shared/api.ts';
import { formatDate, formatTimeWithZone } from '#shared/format.ts';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useEventAudit } from './api/event-audit.ts';

const ACTION_LABELS: Record<EventAuditAction, string> = {
  created: 'Created',
  paused: 'Paused betting',
  reopened: 'Opened betting',
  're-timed': 'Rescheduled',
  'teams-changed': 'Changed the teams',
  'venue-set': 'Changed the venue',
  deleted: 'Deleted',
  decided: 'Declared the result',
  voided: 'Voided',
  corrected: 'Corrected the result',
};

/** What the event shows now: a change of it means a new entry to fetch. */
const stateOf = (event: GameEvent) => JSON.stringify([event.isBetActive, event.time, event.winnerTeam, event.isVoid ?? false, event.teams.map((team) => team._id), event.venue ?? '']);

export function HistoryList({ event }: { event: GameEvent }) {
  const { data: entries, error } = useEventAudit(event._id, stateOf(event));
  if (error) return <p className="muted">The history could not be loaded.</p>;
  if (!entries) return <LoadingBlock label="Loading history" />;
  return (
    <ol className="event-history" aria-label="History">
      {entries.map((entry) => (
        <li key={`${entry.at}-${entry.action}`}>
          <strong>{ACTION_LABELS[entry.action]}</strong>
          {entry.detail && <span> · {entry.detail.startsWith('starts ') ? `starts ${formatTimeWithZone(entry.detail.slice(7))}, ${formatDate(entry.detail.slice(7))}` : entry.detail}</span>}
          <span className="muted">
            {' '}
            by {entry.actorName}, <time dateTime={entry.at}>{formatTimeWithZone(entry.at)} · {formatDate(entry.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
