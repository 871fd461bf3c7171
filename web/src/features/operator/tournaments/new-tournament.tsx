// 'New tournament': its title, sport and table points, and preview image. A chunk of its own, asked for as
// the tournaments page opens (tournaments-page.tsx): the sports' rules are not in the page's first one.
import { useState } from 'react';
import { useSession } from '../../../lib/session/session-context.tsx';
import { createTournament } from './api/create-tournament.ts';
import { rememberChosenTournament } from '../console-scope.ts';
import { CreateForm } from '../create-form.tsx';
import { useRefreshCatalog } from '../refresh-catalog.ts';
import { pointsProblem } from './sport-draft.ts';
import { emptyTournamentDraft, TournamentFields, tournamentInput } from './tournament-fields.tsx';
import { useServerAction } from '../use-server-action.ts';

export default function NewTournament() {
  const [draft, setDraft] = useState(emptyTournamentDraft);
  const { busy, error, run } = useServerAction();
  const refreshCatalog = useRefreshCatalog();
  const { refreshCurrentUser } = useSession();
  const submit = async () => {
    // The points fields say what is wrong with them already.
    if (pointsProblem(draft)) return;
    const created = await run(() => createTournament(tournamentInput(draft)), 'Tournament created');
    if (created) {
      setDraft(emptyTournamentDraft);
      // The console's tournament screens now work inside the new one.
      rememberChosenTournament(created.value._id);
      // A creator's new tournament is theirs to organise: the session's list of them grows.
      void refreshCurrentUser();
      void refreshCatalog();
    }
  };
  return (
    <CreateForm title="New tournament" submitLabel="Create tournament" busy={busy} error={error} onSubmit={() => void submit()}>
      <TournamentFields draft={draft} onChange={setDraft} />
    </CreateForm>
  );
}
