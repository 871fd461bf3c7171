// The decisions on a match (declare the winner, void it, reschedule it): one dialog in its own chunk,
// loaded when the page is idle or at the first of those buttons (events-page.tsx).
import { useId, useState } from 'react';
import type { GameEvent } from '#shared/api.ts';
import { formatDate, formatTimeWithZone, formatZoneName, isoToZonedInput, zonedInputToIso } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { TextField } from '../../../components/text-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { declareResult, type EventOutcomeRequest } from './api/declare-result.ts';
import { updateEvent } from './api/update-event.ts';
import { matchName } from './event-state.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

/** A decision on a match; a winner may come chosen already (a team's 'won' button on a match being played). */
export type EventDecision = { kind: 'winner' | 'void' | 'reschedule'; event: GameEvent; winnerTeamId?: string };

export function EventDecisionDialog({ decision, onClose }: { decision: EventDecision | null; onClose: () => void }) {
  const event = decision?.event ?? null;
  const [draft, setDraft] = useEditDraft(event, (saved) => ({ winnerTeamId: decision?.winnerTeamId ?? '', start: isoToZonedInput(saved.time) }), { winnerTeamId: '', start: '' });
  const { busy, error, close, submit: submitCall } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const groupId = useId();
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  const decide = (call: () => Promise<unknown>, success: string) => submitCall(call, success, refreshCatalog);
  const submit = () => {
    if (!decision) return;
    const id = decision.event._id;
    const declare = (outcome: EventOutcomeRequest) => () => declareResult(id, outcome);
    if (decision.kind === 'void') void decide(declare({ void: true }), 'Match voided; stakes are being refunded');
    else if (decision.kind === 'winner') void decide(declare({ winnerTeamId: draft.winnerTeamId }), 'Winner declared; bets are being settled');
    else void decide(() => updateEvent(id, { time: zonedInputToIso(draft.start) ?? draft.start }), 'Match rescheduled');
  };

  const kind = decision?.kind;
  const winner = event?.teams.find((team) => team._id === draft.winnerTeamId);
  const title = kind === 'void' ? 'Void this match?' : kind === 'reschedule' ? 'Reschedule match' : 'Declare the winner';
  // A decision can be corrected for a while ('Correct result'): the dialog says so rather than 'cannot be undone'.
  const description = kind === 'void' ? MSG.voidCorrectable : kind === 'winner' ? MSG.winnerCorrectable : undefined;
  // A winner before kick-off is most often a slip (the wrong match's row): the dialog asks in so many words.
  const [openedAt] = useState(() => Date.now());
  const kickOff = kind === 'winner' && event !== null && Date.parse(event.time) > openedAt ? event.time : null;
  const declareLabel = winner ? `Declare ${winner.teamName} winner` : 'Declare winner';
  const submitLabel = kind === 'void' ? 'Void match' : kind === 'reschedule' ? 'Save time' : kickOff ? `${declareLabel} before kick-off` : declareLabel;

  return (
    <ActionDialog open={decision !== null} title={title} description={description} submitLabel={submitLabel} busy={busy} error={error} onClose={close} onSubmit={submit}>
      {event && <p className="operator-dialog-match">{matchName(event)}</p>}
      {kickOff && (
        <p className="operator-dialog-warning" role="alert">
          This match has not started yet: it starts {formatDate(kickOff)} at {formatTimeWithZone(kickOff)}. Declare a winner only if it was really played.
        </p>
      )}
      {kind === 'winner' && event && (
        <fieldset className="operator-choices">
          <legend className="field-label">Winner</legend>
          {event.teams.map((team) => (
            <label key={team._id} className="operator-choice">
              <input type="radio" name={groupId} checked={draft.winnerTeamId === team._id} onChange={() => setDraft({ ...draft, winnerTeamId: team._id })} />
              {team.teamName}
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'reschedule' && (
        <TextField label={`Starts at (${zoneName})`} name="time" type="datetime-local" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
      )}
    </ActionDialog>
  );
}
