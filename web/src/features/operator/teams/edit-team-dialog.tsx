// The team edit dialog: its own chunk, loaded when the page is idle or at the first Edit (teams-page.tsx).
import type { Team } from '#shared/api.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { updateTeam } from './api/update-team.ts';
import { rememberTeam } from './known-teams.ts';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { emptyTeamDraft, TeamFields, teamDraft, teamInput } from './team-fields.tsx';
import { useEditDraft } from '../use-edit-draft.ts';
import { useDialogAction } from '../use-server-action.ts';

export function EditTeamDialog({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const [draft, setDraft] = useEditDraft(team, teamDraft, emptyTeamDraft);
  const { busy, error, close, submit } = useDialogAction(onClose);
  const refreshCatalog = useRefreshCatalog();
  const save = () => {
    if (!team) return;
    void submit(() => updateTeam(team._id, teamInput(draft)), 'Team saved', (saved) => {
      rememberTeam(saved);
      void refreshCatalog();
    });
  };
  return (
    <ActionDialog open={team !== null} title="Edit team" submitLabel="Save changes" busy={busy} error={error} onClose={close} onSubmit={save}>
      <TeamFields draft={draft} onChange={setDraft} />
    </ActionDialog>
  );
}
