// Fixing a match in the console (issue 21 §7): Edit (teams, start time, venue; the teams stay as they are
// once someone has bet on it) and Delete (a match nobody bet on). One chunk, loaded when the page is idle
// or at the first of those buttons (events-page.tsx).
import { useState } from 'react';
import type { GameEvent } from '#shared/api.ts';
import { formatDate, formatTimeWithZone, formatZoneName, isoToZonedInput, zonedInputToIso } from '#shared/format.ts';
import { VENUE_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { UpdateEventInput } from '#shared/schemas.ts';
import { SelectField, TextField } from '../../components/text-field.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { deleteMatch, useMatchDetail } from './api/match.ts';
import { updateEvent } from './api/update-event.ts';
import { matchDraft, matchPatch, type MatchDraft } from './catalog-forms.ts';
import { matchName } from './event-state.ts';
import { useKnownTeams } from './known-teams.ts';
import { useRefreshCatalog } from './refresh-catalog.ts';
import { useEditDraft } from './use-edit-draft.ts';
import { useDialogAction } from './use-server-action.ts';

const emptyDraft: MatchDraft = { homeId: '', awayId: '', start: '', venue: '' };

/** Why the team pickers are greyed out, while they are. */
function teamsHint(detail: { hasBets: boolean } | undefined, failed: boolean): string | undefined {
  if (failed) return 'Could not check for bets: only the time and venue can be changed now.';
  if (!detail) return 'Checking for bets…';
  return detail.hasBets ? MSG.eventTeamsHaveBets : undefined;
}

export function EditMatchDialog({ tournamentId, event, onClose }: { tournamentId: string; event: GameEvent | null; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(event, (saved) => matchDraft(saved, isoToZonedInput(saved.time)), emptyDraft);
  const { data: detail, error: detailError } = useMatchDetail(event?._id ?? null);
  const teams = useKnownTeams([tournamentId]) ?? [];
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  const teamsLocked = !detail || detail.hasBets;
  const hint = teamsHint(detail, detailError !== undefined);
  const save = () => {
    if (!event) return;
    const patch: UpdateEventInput | null = matchPatch(matchDraft(event, isoToZonedInput(event.time)), draft, zonedInputToIso(draft.start) ?? draft.start);
    if (!patch) return close();
    void submit(() => updateEvent(event._id, patch), MSG.eventSaved, () => void refreshCatalog());
  };
  const teamSelect = (label: string, field: 'homeId' | 'awayId') => (
    <SelectField label={label} value={draft[field]} disabled={teamsLocked} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}>
      <option value="">Choose a team</option>
      {teams.map((team) => (
        <option key={team._id} value={team._id}>
          {team.teamName}
        </option>
      ))}
    </SelectField>
  );
  return (
    <ActionDialog open={event !== null} title="Edit match" submitLabel="Save changes" busy={busy} error={error} onClose={close} onSubmit={save}>
      {event && <p className="operator-dialog-match">{matchName(event)}</p>}
      <div className="operator-pair">
        {teamSelect('Home team', 'homeId')}
        {teamSelect('Away team', 'awayId')}
      </div>
      {hint && (
        <p className="field-hint" role="status">
          {hint}
        </p>
      )}
      <TextField label={`Starts at (${zoneName})`} name="time" type="datetime-local" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
      <TextField label="Venue (optional)" name="venue" value={draft.venue} maxLength={VENUE_MAX_LENGTH} onChange={(e) => setDraft({ ...draft, venue: e.target.value })} />
    </ActionDialog>
  );
}

export function DeleteMatchDialog({ event, onClose }: { event: GameEvent | null; onClose: () => void }) {
  const { data: detail } = useMatchDetail(event?._id ?? null);
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const remove = () => {
    if (event) void submit(() => deleteMatch(event._id), MSG.eventDeleted, () => void refreshCatalog());
  };
  return (
    <ActionDialog
      open={event !== null}
      title="Delete this match?"
      description="It disappears from the app for everyone. This cannot be undone."
      submitLabel="Delete match"
      busy={busy}
      error={error ?? (detail?.hasBets ? MSG.eventHasBets : null)}
      onClose={close}
      onSubmit={remove}
    >
      {event && (
        <p className="operator-dialog-match">
          {matchName(event)}
          <span className="operator-row-meta">
            {' '}
            · {formatTimeWithZone(event.time)}, {formatDate(event.time)}
          </span>
        </p>
      )}
    </ActionDialog>
  );
}
