import { Suspense, useEffect, useId, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { Team } from '#shared/api.ts';
import { formatZoneName, zonedInputToIso } from '#shared/format.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CalendarIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { SelectField, TextField } from '../../components/text-field.tsx';
import { useEventList } from '../../lib/game/get-event-list.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { operatorEventsPath } from '../../lib/paths.ts';
import { createEvent } from './api/create-event.ts';
import { updateEvent } from './api/update-event.ts';
import { useConsoleScope } from './console-scope.ts';
import { emptySchedule, type ScheduleDraft } from './catalog-forms.ts';
import { CreateForm } from './create-form.tsx';
import { ExportButton } from './export-button.tsx';
import { useKnownTeams } from './known-teams.ts';
import { OperatorPage } from './operator-page.tsx';
import { useRefreshCatalog } from './refresh-catalog.ts';
import { useServerAction } from './use-server-action.ts';
import { LAPTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
// The wide page's forms keep their width above the table (tables.css), from the first paint.
import './tables.css';

// Not needed for the page's first paint (the first-visit budget, issue 13 §1), each a chunk of its own:
// the matches' cards or table with their actions, asked for as the page opens, while the matches load; and
// 'Paste fixtures', asked for as the page renders (its preview's rules come with the first paste).
const EventList = lazyPage(() => import('./event-list.tsx'));
const PasteFixtures = lazyPage(() => import('./paste-fixtures.tsx').then((m) => ({ default: m.PasteFixtures })));

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

/** The tournament's matches: read here, so they load beside the list's code. */
function Matches({ tournamentId, laptop }: { tournamentId: string; laptop: boolean }) {
  const events = useEventList(tournamentId);
  if (events === null) return <LoadingBlock label="Loading matches" />;
  return (
    <Suspense fallback={<LoadingBlock label="Loading matches" />}>
      <EventList tournamentId={tournamentId} events={events} laptop={laptop} />
    </Suspense>
  );
}

export default function OperatorEventsPage() {
  const [params] = useSearchParams();
  const tournamentId = params.get('tournamentId');
  const { isOperator, tournaments } = useConsoleScope();
  const navigate = useNavigate();
  const laptop = useMediaQuery(LAPTOP_QUERY);
  useEffect(() => void EventList.preload().catch(() => {}), []); // the render reports a failure
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
          <Suspense fallback={null}>
            <PasteFixtures tournamentId={tournamentId} />
          </Suspense>
          <section className="card" aria-labelledby="matches">
            <h2 id="matches">Matches</h2>
            <Matches tournamentId={tournamentId} laptop={laptop} />
          </section>
        </>
      )}
    </OperatorPage>
  );
}
