// Correcting a decided match's result (within 48 hours of the decision): another winner, a draw, a void or
// an abandoned match, or the same one with its score or note put right. It starts from the result recorded
// now. Its own chunk, loaded when the events page is idle or at the first 'Correct result'.
import { correctionDeadline } from '#shared/corrections.ts';
import type { GameEvent } from '#shared/api.ts';
import { formatDateTime } from '#shared/format.ts';
import { sameResult } from '#shared/match-results.ts';
import { MSG } from '#shared/messages.ts';
import type { Sport } from '#shared/sports.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { correctResult } from './api/correct-result.ts';
import { matchName } from './event-state.ts';
import { draftFromEvent, draftVerdict, emptyResultDraft, resultMatch } from './scoring/result-draft.ts';
import { ResultFields } from './scoring/result-fields.tsx';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

export function CorrectResultDialog({ event, sport, onClose }: { event: GameEvent | null; sport: Sport | undefined; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(event, draftFromEvent, emptyResultDraft);
  const { busy, error, close, submit: submitCall } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const match = event && resultMatch(event, sport);
  const verdict = match && draftVerdict(draft, match);
  const recorded = event ? draftFromEvent(event) : emptyResultDraft;
  const recordedVerdict = match && draftVerdict(recorded, match);
  // The result as recorded: nothing to correct yet (the server would say so too).
  const unchanged = verdict?.kind === 'ready' && recordedVerdict?.kind === 'ready' && sameResult(verdict.outcome, recordedVerdict.outcome);
  const submit = () => {
    if (event && verdict?.kind === 'ready' && !unchanged) void submitCall(() => correctResult(event._id, verdict.request), MSG.correctionRecorded, refreshCatalog);
  };
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
      error={error}
      submitDisabled={verdict?.kind !== 'ready' || unchanged}
      onClose={close}
      onSubmit={submit}
    >
      {event && <p className="operator-dialog-match">{matchName(event)}</p>}
      {event && match && (
        <ResultFields
          teams={event.teams}
          match={match}
          draft={draft}
          onChange={setDraft}
          offer="all"
          legend="The right result"
          teamLabel={(team) => `${team.teamName} won`}
          recorded={recorded.choice}
          problem={verdict?.kind === 'problem' ? verdict.problem : undefined}
        />
      )}
      {unchanged && <p className="field-hint">This is the result recorded now: change it, or its score, to correct it.</p>}
    </ActionDialog>
  );
}
