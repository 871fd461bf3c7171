// Fixing a match in the console: Edit (teams, start time, venue; the teams stay as they are
// once someone has bet on it), as a dialog on a phone and in its table row on a laptop, Postpone (a new
// start, its bets kept and its bettors told) and Delete (a match nobody bet on). One chunk, loaded when
// the page is idle or at the first of those buttons (event-list.tsx).
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { GameEvent } from '#shared/api.ts';
import { formatDate, formatTimeWithZone, isoToZonedInput, zonedInputToIso } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import type { UpdateEventInput } from '#shared/schemas.ts';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { deleteMatch, useMatchDetail } from './api/match.ts';
import { updateEvent } from './api/update-event.ts';
import { createEvent } from './api/create-event.ts';
import { postponeEvent } from './api/postpone-event.ts';
import { undoableToast } from '../undo-toast.ts';
import { toast } from '../../../lib/toast.ts';
import { serverErrorMessage } from '../../../lib/error-message.ts';
import { emptyMatchDraft, matchDraft, matchPatch, type MatchDraft } from '../catalog-forms.ts';
import { matchName } from './event-state.ts';
import { TeamSelect } from '../teams/team-select.tsx';
import { useKnownTeams } from '../teams/known-teams.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { StartAndVenueFields } from './start-venue-fields.tsx';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

/** Why the team pickers are greyed out, while they are. */
function teamsHint(detail: { hasBets: boolean } | undefined, failed: boolean): string | undefined {
  if (failed) return 'Could not check for bets: only the time and venue can be changed now.';
  if (!detail) return 'Checking for bets…';
  return detail.hasBets ? MSG.eventTeamsHaveBets : undefined;
}

/**
 * Editing one match, as the dialog (phone) and the table row (laptop) both do: the draft from the saved
 * match, the tournament's teams, whether its teams are still free to change, and the save.
 */
function useMatchEdit(tournamentId: string, event: GameEvent | null, onClose: () => void) {
  const [draft, setDraft] = useEditDraft(event, (saved) => matchDraft(saved, isoToZonedInput(saved.time)), emptyMatchDraft);
  const { data: detail, error: detailError } = useMatchDetail(event?._id ?? null);
  const teams = useKnownTeams([tournamentId]) ?? [];
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const save = () => {
    if (!event) return;
    const patch: UpdateEventInput | null = matchPatch(matchDraft(event, isoToZonedInput(event.time)), draft, zonedInputToIso(draft.start) ?? draft.start);
    if (!patch) return close();
    void submit(() => updateEvent(event._id, patch), MSG.eventSaved, () => void refreshCatalog());
  };
  const teamSelect = (label: string, field: 'homeId' | 'awayId') => (
    <TeamSelect label={label} value={draft[field]} teams={teams} disabled={!detail || detail.hasBets} onChange={(id) => setDraft({ ...draft, [field]: id })} />
  );
  const hint = teamsHint(detail, detailError !== undefined);
  return { draft, setDraft, teamSelect, hint, busy, error, close, save };
}

const TeamsHint = ({ hint }: { hint: string | undefined }) =>
  hint ? (
    <p className="field-hint" role="status">
      {hint}
    </p>
  ) : null;

export function EditMatchDialog({ tournamentId, event, onClose }: { tournamentId: string; event: GameEvent | null; onClose: () => void }) {
  const { draft, setDraft, teamSelect, hint, busy, error, close, save } = useMatchEdit(tournamentId, event, onClose);
  return (
    <ActionDialog open={event !== null} title="Edit match" submitLabel="Save changes" busy={busy} error={error} onClose={close} onSubmit={save}>
      {event && <p className="operator-dialog-match">{matchName(event)}</p>}
      <div className="operator-pair">
        {teamSelect('Home team', 'homeId')}
        {teamSelect('Away team', 'awayId')}
      </div>
      <TeamsHint hint={hint} />
      <StartAndVenueFields draft={draft} onChange={setDraft} />
    </ActionDialog>
  );
}

/**
 * The laptop's matches table edits a match in its own row: the same fields as the dialog,
 * in the table's columns (start, teams, venue), saved with Enter or Save and left with Escape or Cancel.
 */
export function EditMatchRow({ tournamentId, event, status, onClose }: { tournamentId: string; event: GameEvent; status: ReactNode; onClose: () => void }) {
  const { draft, setDraft, teamSelect, hint, busy, error, close, save } = useMatchEdit(tournamentId, event, onClose);
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) save();
  };
  return (
    <tr className="is-editing" aria-label={`Editing ${matchName(event)}`} onKeyDown={keys}>
      <td colSpan={3}>
        <div className="table-edit-fields">
          <div className="operator-pair">
            {teamSelect('Home team', 'homeId')}
            {teamSelect('Away team', 'awayId')}
          </div>
          <TeamsHint hint={hint} />
          <div className="operator-pair">
            <StartAndVenueFields draft={draft} onChange={setDraft} />
          </div>
          <FormError message={error} />
        </div>
      </td>
      <td>{status}</td>
      <td>
        <div className="table-actions">
          <Button className="btn-small" busy={busy} onClick={save}>
            Save
          </Button>
          <Button variant="secondary" className="btn-small" onClick={close}>
            Cancel
          </Button>
        </div>
      </td>
    </tr>
  );
}

const postponeDraft = (event: GameEvent): MatchDraft => ({ ...emptyMatchDraft, start: isoToZonedInput(event.time), venue: event.venue ?? '' });

/** A new start (and venue) for a match that cannot be played when planned: unlike Reschedule, its bettors are told. */
export function PostponeMatchDialog({ event, onClose }: { event: GameEvent | null; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(event, postponeDraft, emptyMatchDraft);
  const [unmoved, setUnmoved] = useState(false);
  const { busy, error, close, submit } = useDialogAction(() => {
    setUnmoved(false);
    onClose();
  });
  const refreshCatalog = useRefreshCatalog();
  const postpone = () => {
    if (!event) return;
    const time = zonedInputToIso(draft.start);
    // The same start is no postponement: said here rather than sent.
    const moved = time !== null && draft.start !== postponeDraft(event).start;
    setUnmoved(!moved);
    if (!moved) return;
    const venue = draft.venue.trim();
    const body = { time, ...(venue && venue !== (event.venue ?? '') && { venue }) };
    void submit(() => postponeEvent(event._id, body), MSG.eventPostponed, () => void refreshCatalog());
  };
  return (
    <ActionDialog
      open={event !== null}
      title="Postpone match"
      description="Its bets stand, and everyone who bet on it is told the new time."
      submitLabel="Postpone match"
      busy={busy}
      error={unmoved ? MSG.postponeNeedsNewTime : error}
      onClose={close}
      onSubmit={postpone}
    >
      {event && (
        <p className="operator-dialog-match">
          {matchName(event)}
          <span className="operator-row-meta">
            {' '}
            · was {formatTimeWithZone(event.time)}, {formatDate(event.time)}
          </span>
        </p>
      )}
      <StartAndVenueFields
        draft={draft}
        onChange={(next) => {
          setUnmoved(false);
          setDraft(next);
        }}
      />
    </ActionDialog>
  );
}

export function DeleteMatchDialog({ event, onClose }: { event: GameEvent | null; onClose: () => void }) {
  const { data: detail } = useMatchDetail(event?._id ?? null);
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const remove = () => {
    if (!event) return;
    // No bet was on it, so nothing points at it: Undo makes it again as it was (teams, time, venue, betting).
    const restore = () =>
      void createEvent({ tournamentId: event.tournamentId, time: event.time, teamIds: [event.teams[0]._id, event.teams[1]._id] })
        .then(async (made) => {
          if (event.venue || !event.isBetActive) await updateEvent(made._id, { ...(event.venue && { venue: event.venue }), ...(!event.isBetActive && { isBetActive: false }) });
          toast.success(MSG.eventRestored);
        })
        .catch((error: unknown) => toast.error(serverErrorMessage(error, {}) ?? MSG.somethingWentWrong))
        .finally(() => void refreshCatalog());
    void submit(() => deleteMatch(event._id), null, () => {
      void refreshCatalog();
      undoableToast(`${MSG.eventDeleted}: ${matchName(event)}`, restore);
    });
  };
  return (
    <ActionDialog
      open={event !== null}
      title="Delete this match?"
      description="It disappears from the app for everyone; its toast offers Undo for a few seconds."
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
