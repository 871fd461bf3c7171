// How long a referee's result waits for a dispute before it stands: the tournament's choice, said under
// its scorer links and changed there (PATCH /admin/tournaments/{id} confirmAfterMinutes).
import { useState } from 'react';
import { CONFIRM_AFTER_MINUTES_DEFAULT, CONFIRM_AFTER_MINUTES_MAX } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTournamentList } from '../../../lib/game/get-tournament-list.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { updateTournament } from '../tournaments/api/update-tournament.ts';
import { useDialogAction } from '../use-server-action.ts';
import { standMinutes } from './link-draft.ts';

export function StandTime({ tournamentId }: { tournamentId: string }) {
  const minutes = useTournamentList()?.find((t) => t._id === tournamentId)?.confirmAfterMinutes ?? CONFIRM_AFTER_MINUTES_DEFAULT;
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const { busy, error, close, submit } = useDialogAction(() => setEditing(false));
  const refreshCatalog = useRefreshCatalog();
  const chosen = standMinutes(typed);
  return (
    <div className="operator-row-meta scorer-stand-time">
      A referee&apos;s result stands after {minutes} {minutes === 1 ? 'minute' : 'minutes'} unless you dispute it.{' '}
      <Button
        variant="secondary"
        className="btn-small"
        onClick={() => {
          setTyped(String(minutes));
          setEditing(true);
        }}
      >
        Change
      </Button>
      <ActionDialog
        open={editing}
        title="When a referee's result stands"
        submitLabel="Save"
        busy={busy}
        error={error}
        submitDisabled={chosen === undefined}
        onClose={close}
        onSubmit={() => void submit(() => updateTournament(tournamentId, { confirmAfterMinutes: chosen }), 'Saved', refreshCatalog)}
      >
        <TextField
          label="Minutes to wait for a dispute"
          name="confirmAfterMinutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={CONFIRM_AFTER_MINUTES_MAX}
          value={typed}
          error={chosen === undefined ? MSG.confirmAfterInvalid : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
      </ActionDialog>
    </div>
  );
}
