import { useId, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { GameEvent, Team } from '#shared/api.ts';
import { formatDate, formatTimeWithZone, formatZoneName, zonedInputToIso } from '#shared/format.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { SelectField, TextField } from '../../components/text-field.tsx';
import { useEventList } from '../../lib/game/get-event-list.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { operatorEventsPath } from '../../lib/paths.ts';
import { createEvent } from './api/create-event.ts';
import { updateEvent } from './api/update-event.ts';
import { useConsoleScope } from './console-scope.ts';
import { emptySchedule, type ScheduleDraft } from './catalog-forms.ts';
import { CreateForm } from './create-form.tsx';
import { EventHistory } from './event-history.tsx';
import type { EventDecision } from './event-decision-dialog.tsx';
import { canCorrect, eventState, eventStateLabel, isUndecided, matchName } from './event-state.ts';
import { ExportButton } from './export-button.tsx';
import { useKnownTeams } from './known-teams.ts';
import { OperatorPage } from './operator-page.tsx';
import { PasteFixtures } from './paste-fixtures.tsx';
import { useRefreshCatalog } from './refresh-catalog.ts';
import { useServerAction } from './use-server-action.ts';
import { LAPTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import './tables.css';

// Opens only on a click: its chunk loads once the page is idle, or at the first decision.
const decisionDialog = onDemand(() => import('./event-decision-dialog.tsx'));
const correctionDialog = onDemand(() => import('./correct-result-dialog.tsx'));
const matchDialogs = onDemand(() => import('./match-dialogs.tsx'));

function TeamSelect({ label, value, teams, onChange }: { label: string; value: string; teams: readonly Team[]; onChange: (id: string) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Choose a team</option>
      {teams.map((team) => (
        <option key={team._id} value={team._id}>
          {team.teamName}
        </option>
      ))}
    </SelectField>
  );
}

const MISSING_FIELDS = 'Choose both teams and the start time.';

function ScheduleMatch({ tournamentId }: { tournamentId: string }) {
  const { isOperator, tournaments } = useConsoleScope();
  const teams = useKnownTeams(isOperator ? undefined : (tournaments ?? []).map((tournament) => tournament._id)) ?? [];
  // One draft, back to emptySchedule after each match scheduled: no choice of one submit lingers unseen into the next.
  const [draft, setDraft] = useState<ScheduleDraft>(emptySchedule);
  const { homeId, awayId, start, openNow } = draft;
  const [missing, setMissing] = useState(false);
  const openNowId = useId();
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();

  const submit = async () => {
    const time = zonedInputToIso(start);
    setMissing(!homeId || !awayId || !time);
    if (!homeId || !awayId || !time) return;
    const scheduled = await run(async () => {
      const event = await createEvent({ tournamentId, time, teamIds: [homeId, awayId] });
      // A new match takes bets at once; unless asked, it waits paused until the operator opens it.
      if (!openNow) await updateEvent(event._id, { isBetActive: false });
      return event;
    }, 'Match scheduled');
    if (scheduled) {
      setDraft(emptySchedule);
      void refreshCatalog();
    }
  };

  return (
    <CreateForm title="Schedule a match" submitLabel="Schedule match" busy={busy} error={missing ? MISSING_FIELDS : error} onSubmit={() => void submit()}>
      <div className="operator-pair">
        <TeamSelect label="Home team" value={homeId} teams={teams} onChange={(id) => setDraft({ ...draft, homeId: id })} />
        <TeamSelect label="Away team" value={awayId} teams={teams} onChange={(id) => setDraft({ ...draft, awayId: id })} />
      </div>
      <TextField label={`Starts at (${zoneName})`} name="time" type="datetime-local" value={start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
      <div className="operator-check">
        <input id={openNowId} type="checkbox" checked={openNow} onChange={(e) => setDraft({ ...draft, openNow: e.target.checked })} />
        <label htmlFor={openNowId}>Open betting now</label>
      </div>
    </CreateForm>
  );
}

interface EventRowProps {
  event: GameEvent;
  onDecide: (decision: EventDecision) => void;
  onCorrect: (event: GameEvent) => void;
  onFix: (fix: MatchFix) => void;
}

/** An open dialog fixing a match: its edit (teams, time, venue) or its deletion. */
type MatchFix = { kind: 'edit' | 'delete'; event: GameEvent };

const preloadFixes = () => void matchDialogs.preload().catch(() => {});

/** What can be done to a match now: the same buttons in the phone's cards and the laptop's table. */
function EventActions({ event, onDecide, onCorrect, onFix }: EventRowProps) {
  const state = eventState(event, new Date());
  const { busy, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();
  const setBetting = async (isBetActive: boolean) => {
    if (await run(() => updateEvent(event._id, { isBetActive }), isBetActive ? 'Betting opened' : 'Betting paused')) void refreshCatalog();
  };
  return (
    <>
      {isUndecided(state) && (
        <div className="operator-actions">
          {state.kind === 'open' && (
            <Button variant="secondary" className="btn-small" busy={busy} onClick={() => void setBetting(false)}>
              Pause betting
            </Button>
          )}
          {state.kind === 'paused' && (
            <Button className="btn-small" busy={busy} onClick={() => void setBetting(true)}>
              Open betting
            </Button>
          )}
          {state.kind !== 'started' && (
            <Button variant="secondary" className="btn-small" onClick={() => onDecide({ kind: 'reschedule', event })}>
              Reschedule
            </Button>
          )}
          <Button variant="secondary" className="btn-small" onClick={() => onDecide({ kind: 'winner', event })}>
            Declare winner
          </Button>
          <Button variant="secondary" className="btn-small operator-danger" onClick={() => onDecide({ kind: 'void', event })}>
            Void
          </Button>
          <Button variant="secondary" className="btn-small" onPointerEnter={preloadFixes} onFocus={preloadFixes} onClick={() => onFix({ kind: 'edit', event })}>
            Edit
          </Button>
          <Button variant="secondary" className="btn-small operator-danger" onPointerEnter={preloadFixes} onFocus={preloadFixes} onClick={() => onFix({ kind: 'delete', event })}>
            Delete
          </Button>
        </div>
      )}
      {canCorrect(event, new Date()) && (
        <div className="operator-actions">
          <Button variant="secondary" className="btn-small" onClick={() => onCorrect(event)}>
            Correct result
          </Button>
        </div>
      )}
    </>
  );
}

function EventRow(props: EventRowProps) {
  const { event } = props;
  const state = eventState(event, new Date());
  return (
    <li>
      <article className="operator-event" aria-label={matchName(event)}>
        <div className="operator-row-main">
          <h3 className="operator-row-title">{event.teams.map((team) => team.teamName).join(' vs ')}</h3>
          <p className="operator-row-meta">
            <time dateTime={event.time}>
              {formatTimeWithZone(event.time)} · {formatDate(event.time)}
            </time>
            {event.venue && <> · {event.venue}</>}
          </p>
          <span className={`status-chip status-${state.kind}`}>{eventStateLabel(state)}</span>
          <EventHistory event={event} />
        </div>
        <EventActions {...props} />
      </article>
    </li>
  );
}

/** On a laptop (issue 21 §8): the matches as a table, a row each, with the cards' actions. */
function EventTable({ events, ...handlers }: { events: readonly GameEvent[] } & Omit<EventRowProps, 'event'>) {
  return (
    <div className="table-frame">
      <table className="console-table">
        <caption className="visually-hidden">Matches</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Match</th>
            <th scope="col">Stage and venue</th>
            <th scope="col">Betting</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const state = eventState(event, new Date());
            return (
              <tr key={event._id}>
                <td className="table-number">
                  <time dateTime={event.time}>
                    {formatDate(event.time)}
                    <br />
                    {formatTimeWithZone(event.time)}
                  </time>
                </td>
                <th scope="row">
                  {event.teams.map((team) => team.teamName).join(' vs ')}
                  <EventHistory event={event} />
                </th>
                <td className="table-muted">{[event.stage, event.venue].filter(Boolean).join(' · ') || '–'}</td>
                <td>
                  <span className={`status-chip status-${state.kind}`}>{eventStateLabel(state)}</span>
                </td>
                <td>
                  <div className="table-actions">
                    <EventActions event={event} {...handlers} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function EventList({ tournamentId, laptop }: { tournamentId: string; laptop: boolean }) {
  const events = useEventList(tournamentId);
  const [decision, setDecision] = useState<EventDecision | null>(null);
  const [correcting, setCorrecting] = useState<GameEvent | null>(null);
  const [fix, setFix] = useState<MatchFix | null>(null);
  decisionDialog.usePreloadWhenIdle();
  correctionDialog.usePreloadWhenIdle();
  const EventDecisionDialog = decisionDialog.useModule(decision !== null, () => setDecision(null))?.EventDecisionDialog;
  const CorrectResultDialog = correctionDialog.useModule(correcting !== null, () => setCorrecting(null))?.CorrectResultDialog;
  const fixes = matchDialogs.useModule(fix !== null, () => setFix(null));
  if (events === null) return <LoadingBlock label="Loading matches" />;
  return (
    <>
      {events.length === 0 ? (
        <EmptyState icon={<CalendarIcon size={28} />} title="No matches scheduled" />
      ) : laptop ? (
        <EventTable events={events} onDecide={setDecision} onCorrect={setCorrecting} onFix={setFix} />
      ) : (
        <ul className="operator-list">
          {events.map((event) => (
            <EventRow key={event._id} event={event} onDecide={setDecision} onCorrect={setCorrecting} onFix={setFix} />
          ))}
        </ul>
      )}
      {EventDecisionDialog && <EventDecisionDialog decision={decision} onClose={() => setDecision(null)} />}
      {CorrectResultDialog && <CorrectResultDialog event={correcting} onClose={() => setCorrecting(null)} />}
      {fixes && <fixes.EditMatchDialog tournamentId={tournamentId} event={fix?.kind === 'edit' ? fix.event : null} onClose={() => setFix(null)} />}
      {fixes && <fixes.DeleteMatchDialog event={fix?.kind === 'delete' ? fix.event : null} onClose={() => setFix(null)} />}
    </>
  );
}

export default function OperatorEventsPage() {
  const [params] = useSearchParams();
  const tournamentId = params.get('tournamentId');
  const { isOperator, tournaments } = useConsoleScope();
  const navigate = useNavigate();
  const laptop = useMediaQuery(LAPTOP_QUERY);
  // Without a choice the first tournament is shown, so the screen is never empty for nothing.
  if (!tournamentId && tournaments?.[0]) return <Navigate to={operatorEventsPath(tournaments[0]._id)} replace />;

  return (
    <OperatorPage wide={laptop} title="Events" subtitle="Schedule matches, open and pause betting, and record results. Times are in your time zone.">
      {tournaments === null ? (
        <LoadingBlock label="Loading tournaments" />
      ) : !tournamentId ? (
        <EmptyState icon={<CalendarIcon size={28} />} title={isOperator ? 'Create a tournament first' : 'You organise no tournament yet'} />
      ) : (
        <>
          <SelectField label="Tournament" value={tournamentId} onChange={(e) => navigate(operatorEventsPath(e.target.value), { replace: true })}>
            {tournaments.map((tournament) => (
              <option key={tournament._id} value={tournament._id}>
                {tournament.title}
              </option>
            ))}
          </SelectField>
          <ExportButton tournamentId={tournamentId} />
          <ScheduleMatch tournamentId={tournamentId} />
          <PasteFixtures tournamentId={tournamentId} />
          <section className="card" aria-labelledby="matches">
            <h2 id="matches">Matches</h2>
            <EventList tournamentId={tournamentId} laptop={laptop} />
          </section>
        </>
      )}
    </OperatorPage>
  );
}
