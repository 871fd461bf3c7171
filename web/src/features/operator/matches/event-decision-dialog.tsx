// The decisions on a match (record its result, void it, reschedule it): one dialog in its own chunk,
// loaded when the page is idle or at the first of those buttons (events-page.tsx).
import { useState } from 'react';
import type { GameEvent, ProvisionalResult } from '#shared/api.ts';
import { CORRECTION_WINDOW_HOURS } from '#shared/corrections.ts';
import { formatDate, formatTimeWithZone, formatZoneName, isoToZonedInput, zonedInputToIso } from '#shared/format.ts';
import type { Score } from '#shared/match-results.ts';
import { MSG } from '#shared/messages.ts';
import type { Sport } from '#shared/sports.ts';
import { TextField } from '../../../components/text-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { declareResult } from './api/declare-result.ts';
import { updateEvent } from './api/update-event.ts';
import { matchName } from './event-state.ts';
import { ABANDONED, DRAW, draftFromResult, draftFromScore, draftVerdict, emptyResultDraft, type ResultDraft, resultMatch, VOID } from './scoring/result-draft.ts';
import { ResultFields } from './scoring/result-fields.tsx';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

/**
 * A decision on a match. A result may come chosen already: a team's 'won' button or 'Draw' on a match
 * being played, 'End match' with the live score (its leader chosen from it), or 'Correct' on a referee's
 * result waiting (`from`: the result they sent, which the one recorded here replaces).
 */
export type EventDecision = { kind: 'winner' | 'void' | 'reschedule'; event: GameEvent; winnerTeamId?: string; draw?: true; score?: Score; from?: ProvisionalResult };

// A draw names no winner and a walkover was not played: either way the stakes go back.
const STAKES_RETURNED = `Betting closes and every stake is returned. If the result turns out wrong, you can correct it within ${CORRECTION_WINDOW_HOURS} hours.`;

const SUCCESS: Partial<Record<string, string>> = {
  [DRAW]: MSG.drawRecorded,
  [VOID]: 'Match voided; stakes are being refunded',
  [ABANDONED]: 'Match abandoned; stakes are being refunded',
};

type Draft = ResultDraft & { start: string };

function firstDraft(decision: EventDecision | null, event: GameEvent, sport: Sport | undefined): Draft {
  const start = isoToZonedInput(event.time);
  if (decision?.kind === 'void') return { ...emptyResultDraft, choice: VOID, start };
  if (decision?.from) return { ...draftFromResult(decision.from.result, decision.from.winnerTeamId), start };
  if (decision?.score) return { ...draftFromScore(decision.score, resultMatch(event, sport)), start };
  return { ...emptyResultDraft, choice: decision?.draw ? DRAW : (decision?.winnerTeamId ?? ''), start };
}

export function EventDecisionDialog({ decision, sport, onClose }: { decision: EventDecision | null; sport: Sport | undefined; onClose: () => void }) {
  const event = decision?.event ?? null;
  const [draft, setDraft] = useEditDraft(event, (saved) => firstDraft(decision, saved, sport), { ...emptyResultDraft, start: '' });
  const [missing, setMissing] = useState(false);
  const { busy, error, close, submit: submitCall } = useDialogAction(() => {
    setMissing(false);
    onClose();
  });
  const refreshCatalog = useRefreshCatalog();
  // The device's zone as named now (the clock is read once, not at every render).
  const [zoneName] = useState(() => formatZoneName(Date.now()));
  const kind = decision?.kind;
  const match = event && resultMatch(event, sport);
  const verdict = match && kind !== 'reschedule' ? draftVerdict(draft, match) : null;
  const problem = verdict?.kind === 'problem' ? verdict.problem : undefined;

  const submit = () => {
    if (!decision) return;
    const id = decision.event._id;
    if (kind === 'reschedule') return void submitCall(() => updateEvent(id, { time: zonedInputToIso(draft.start) ?? draft.start }), 'Match rescheduled', refreshCatalog);
    setMissing(verdict?.kind === 'incomplete');
    if (verdict?.kind !== 'ready') return;
    const success = SUCCESS[draft.choice] ?? (draft.walkover ? MSG.walkoverRecorded : 'Winner declared; bets are being settled');
    void submitCall(() => declareResult(id, verdict.request), success, refreshCatalog);
  };

  const winner = event?.teams.find((team) => team._id === draft.choice);
  const voiding = draft.choice === VOID || draft.choice === ABANDONED;
  // Opened on a draw or a live score, the result need not be a win.
  const title =
    kind === 'void'
      ? 'Void this match?'
      : kind === 'reschedule'
        ? 'Reschedule match'
        : decision?.from
          ? "Correct the referee's result"
          : decision?.draw || decision?.score
            ? 'Record the result'
            : 'Declare the winner';
  // A decision can be corrected for a while ('Correct result'): the dialog says so rather than 'cannot be undone'.
  const description = kind === 'reschedule' ? undefined : voiding ? MSG.voidCorrectable : draft.choice === DRAW || draft.walkover ? STAKES_RETURNED : MSG.winnerCorrectable;
  // A result before kick-off is most often a slip (the wrong match's row): the dialog asks in so many words.
  const [openedAt] = useState(() => Date.now());
  const kickOff = kind === 'winner' && event !== null && !event.liveScore && Date.parse(event.time) > openedAt ? event.time : null;
  const resultLabel = winner ? `Declare ${winner.teamName} winner${draft.walkover ? ' by walkover' : ''}` : draft.choice === DRAW ? 'Record draw' : 'Declare winner';
  const submitLabel =
    kind === 'reschedule' ? 'Save time' : draft.choice === VOID ? 'Void match' : draft.choice === ABANDONED ? 'Record abandoned match' : kickOff ? `${resultLabel} before kick-off` : resultLabel;

  return (
    <ActionDialog
      open={decision !== null}
      title={title}
      description={description}
      submitLabel={submitLabel}
      busy={busy}
      error={missing ? 'Choose the result.' : error}
      submitDisabled={problem !== undefined}
      onClose={close}
      onSubmit={submit}
    >
      {event && <p className="operator-dialog-match">{matchName(event)}</p>}
      {decision?.from && <p className="field-hint">The result recorded here replaces the one {decision.from.by} sent.</p>}
      {kickOff && (
        <p className="operator-dialog-warning" role="alert">
          This match has not started yet: it starts {formatDate(kickOff)} at {formatTimeWithZone(kickOff)}. Record a result only if it was really played.
        </p>
      )}
      {event && match && kind !== 'reschedule' && (
        <ResultFields
          teams={event.teams}
          match={match}
          draft={draft}
          onChange={(next) => {
            setMissing(false);
            setDraft({ ...next, start: draft.start });
          }}
          offer={kind === 'void' ? 'void' : 'result'}
          legend={kind === 'void' ? 'What happened' : 'Result'}
          teamLabel={(team) => team.teamName}
          problem={problem}
        />
      )}
      {kind === 'reschedule' && (
        <TextField label={`Starts at (${zoneName})`} name="time" type="datetime-local" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
      )}
    </ActionDialog>
  );
}
