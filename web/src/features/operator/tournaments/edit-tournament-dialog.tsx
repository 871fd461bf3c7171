// The tournament edit dialog: its own chunk, loaded when the page is idle or at the first Edit
// (tournaments-page.tsx).
import type { Tournament } from '#shared/api.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { updateTournament } from './api/update-tournament.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { emptyTournamentDraft, TournamentFields, tournamentInput } from './tournament-fields.tsx';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

export function EditTournamentDialog({ tournament, onClose }: { tournament: Tournament | null; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(tournament, (saved) => ({ title: saved.title, previewImg: saved.previewImg ?? '' }), emptyTournamentDraft);
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const save = () => {
    if (tournament) void submit(() => updateTournament(tournament._id, tournamentInput(draft)), 'Tournament saved', refreshCatalog);
  };
  return (
    <ActionDialog open={tournament !== null} title="Edit tournament" submitLabel="Save changes" busy={busy} error={error} onClose={close} onSubmit={save}>
      <TournamentFields draft={draft} onChange={setDraft} />
    </ActionDialog>
  );
}
