// Correcting a decided match's result (within 48 hours of the decision): pick the right winner or void
// it. Its own chunk, loaded when the events page is idle or at the first 'Correct result'.
import { useId, useState } from 'react';
import { correctionDeadline } from '#shared/corrections.ts';
import type { GameEvent } from '#shared/api.ts';
import { formatDateTime } from '#shared/format.ts';
import { MSG } from '#shared/messages.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { correctResult } from './api/correct-result.ts';
import type { EventOutcomeRequest } from './api/declare-result.ts';
import { matchName } from './event-state.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useDialogAction } from '../use-server-action.ts';

const VOID = 'void';

/** The outcome the match has now: a winner's id, or 'void'. */
const currentChoice = (event: GameEvent) => (event.isVoid ? VOID : '_id' in event.winnerTeam ? event.winnerTeam._id : '');

export function CorrectResultDialog({ event, onClose }: { event: GameEvent | null; onClose: () => void }) {
  const [choice, setChoice] = useState('');
  const { busy, error, close, submit: submitCall } = useDialogAction(() => {
    setChoice('');
    onClose();
  });
  const refreshCatalog = useRefreshCatalog();
  const groupId = useId();
  const [missing, setMissing] = useState(false);
  const current = event ? currentChoice(event) : '';
  const submit = () => {
    setMissing(!choice);
    if (!event || !choice) return;
    const outcome: EventOutcomeRequest = choice === VOID ? { void: true } : { winnerTeamId: choice };
    void submitCall(() => correctResult(event._id, outcome), MSG.correctionRecorded, refreshCatalog);
  };
  const choices = event ? [...event.teams.map((team) => ({ id: team._id, label: `${team.teamName} won` })), { id: VOID, label: 'Void the match (refund every stake)' }] : [];
  const description = event?.decidedAt && (
    <>
      Every bet is settled again by the corrected result and each bettor is told what changed. You can correct it until{' '}
      <strong>{formatDateTime(correctionDeadline(event.decidedAt))}</strong>.
    </>
  );

  return (
    <ActionDialog
      open={event !== null}
      title="Correct the result"
      description={description}
      submitLabel="Correct result"
      busy={busy}
      error={missing ? 'Choose the right result.' : error}
      onClose={close}
      onSubmit={submit}
    >
      {event && <p className="operator-dialog-match">{matchName(event)}</p>}
      <fieldset className="operator-choices">
        <legend className="field-label">The right result</legend>
        {choices.map(({ id, label }) => (
          <label key={id} className="operator-choice">
            <input type="radio" name={groupId} checked={choice === id} disabled={id === current} onChange={() => setChoice(id)} />
            {label}
            {id === current && ' (recorded now)'}
          </label>
        ))}
      </fieldset>
    </ActionDialog>
  );
}
