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
  postponed: 'Postponed',
  'teams-changed': 'Changed the teams',
  'venue-set': 'Changed the venue',
  deleted: 'Deleted',
  'result-sent': 'Sent the result',
  'result-disputed': 'Disputed the result',
  decided: 'Declared the result',
  voided: 'Voided',
  corrected: 'Corrected the result',
};

/** What the event shows now: a change of it means a new entry to fetch (a draw changes only its result). */
const stateOf = (event: GameEvent) =>
  JSON.stringify([event.isBetActive, event.time, event.winnerTeam, event.isVoid ?? false, event.teams.map((team) => team._id), event.venue ?? '', event.result ?? null, event.resultPending ?? false]);

// The times in an entry's detail ('starts …', a postponement's 'to … (was …)') as the device reads them.
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)/g;
const readableDetail = (detail: string) => detail.replace(ISO_TIME, (iso) => `${formatTimeWithZone(iso)}, ${formatDate(iso)}`);

export function HistoryList({ event }: { event: GameEvent }) {
  const { data: entries, error } = useEventAudit(event._id, stateOf(event));
  if (error) return <p className="muted">The history could not be loaded.</p>;
  if (!entries) return <LoadingBlock label="Loading history" />;
  return (
    <ol className="event-history" aria-label="History">
      {entries.map((entry) => (
        <li key={`${entry.at}-${entry.action}`}>
          <strong>{ACTION_LABELS[entry.action]}</strong>
          {entry.detail && <span> · {readableDetail(entry.detail)}</span>}
          <span className="muted">
            {' '}
            by {entry.actorName}, <time dateTime={entry.at}>{formatTimeWithZone(entry.at)} · {formatDate(entry.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
