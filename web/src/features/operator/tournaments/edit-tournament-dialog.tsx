// The tournament edit dialog: its own chunk, loaded when the page is idle or at the first Edit
// (tournaments-page.tsx).
import { useSWRConfig } from 'swr';
import type { Tournament } from '#shared/api.ts';
import { sportRules } from '#shared/sports.ts';
import { tournamentShapeKey, useTournamentShape } from '../../../lib/game/get-tournament-shape.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { updateTournament } from './api/update-tournament.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { pointsProblem, type SavedSport } from './sport-draft.ts';
import { emptyTournamentDraft, TournamentFields, tournamentInput } from './tournament-fields.tsx';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

export function EditTournamentDialog({ tournament, onClose }: { tournament: Tournament | null; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(
    tournament,
    (saved) => ({ title: saved.title, previewImg: saved.previewImg ?? '', sport: sportRules(saved.sport).sport, points: null }),
    emptyTournamentDraft,
  );
  // The tournament list has its sport but not its points: its table's answer has them.
  const shape = useTournamentShape(tournament?._id ?? null);
  const saved: SavedSport | undefined = tournament ? { sport: tournament.sport, ...(shape && { points: shape.points }) } : undefined;
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const { mutate } = useSWRConfig();
  const problem = pointsProblem(draft, saved);
  const save = () => {
    if (!tournament || problem) return;
    const refresh = () => Promise.all([refreshCatalog(), mutate(tournamentShapeKey(tournament._id))]);
    void submit(() => updateTournament(tournament._id, tournamentInput(draft, saved)), 'Tournament saved', refresh);
  };
  return (
    <ActionDialog open={tournament !== null} title="Edit tournament" submitLabel="Save changes" busy={busy} error={error} submitDisabled={problem !== undefined} onClose={close} onSubmit={save}>
      <TournamentFields draft={draft} saved={saved} onChange={setDraft} />
    </ActionDialog>
  );
}
