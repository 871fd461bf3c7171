// 'Schedule a match': one match at a time, both teams from the tournament's roster, open for bets at once
// unless unticked. Its own chunk (events-page.tsx), asked for as the page opens.
import { useId, useState } from 'react';
import { formatZoneName, zonedInputToIso } from '#shared/format.ts';
import { TextField } from '../../../components/text-field.tsx';
import { createEvent } from './api/create-event.ts';
import { updateEvent } from './api/update-event.ts';
import { emptySchedule, type ScheduleDraft } from '../catalog-forms.ts';
import { CreateForm } from '../create-form.tsx';
import { useKnownTeams } from '../teams/known-teams.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { TeamSelect } from '../teams/team-select.tsx';
import { useServerAction } from '../use-server-action.ts';

const MISSING_FIELDS = 'Choose both teams and the start time.';

export function ScheduleMatch({ tournamentId }: { tournamentId: string }) {
  // The tournament's own teams, and the shared ones (an operator's) known here.
  const teams = useKnownTeams([tournamentId]) ?? [];
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
